/**
 * "Deliver to": which PIN code a visitor's prices and slots are for, and what the
 * shop says about it. A PIN code the visitor entered is kept in the readable `ff_pin` cookie
 * (it is no secret, and the HTML stays the same for everyone, so pages stay cacheable); without
 * one, a signed-in customer's default address decides. The zone's fee, free-delivery threshold
 * and minimum order are the cart's delivery policy.
 */
import type { AstroCookies } from 'astro';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { addresses } from '#lib/db/schema.ts';
import type { DeliveryPolicy } from '../delivery-fee.ts';
import { PIN_CODE, type Zone } from '../rules.ts';
import { earliestOpen, type Slot } from '../slots.ts';
import { deliveryNow } from './clock.ts';
import { listZoneSlots } from './slot-usage.ts';
import { defaultZone, zoneForPin } from './zones.ts';

/** The cookie keeping the PIN code a visitor entered. */
export const PIN_COOKIE = 'ff_pin';

/** What the shop says about a PIN code: its zone (null: not served) and the earliest open slot. */
export interface PinCheck {
  pin: string;
  zone: Zone | null;
  earliest: Slot | null;
  /** Where the PIN code came from. */
  source: 'entered' | 'address';
}

/** The zone's fees as the cart applies them. */
export const zonePolicy = (zone: Zone): DeliveryPolicy => ({
  feePaise: zone.feePaise,
  freeFromPaise: zone.freeFromPaise,
  minOrderPaise: zone.minOrderPaise,
});

/** The PIN code in the cookie, when it is a well-formed one. */
export function enteredPin(cookies: AstroCookies): string | null {
  const value = cookies.get(PIN_COOKIE)?.value?.trim();
  return value && PIN_CODE.test(value) ? value : null;
}

/** Keeps an entered PIN code for a year (readable, SameSite=Lax). */
export function rememberPin(cookies: AstroCookies, pin: string, secure: boolean): void {
  cookies.set(PIN_COOKIE, pin, { path: '/', sameSite: 'lax', secure, maxAge: 365 * 86_400 });
}

/** The customer's default address's PIN code, or null. */
async function defaultAddressPin(db: Database, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ pin: addresses.poBox })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)))
    .limit(1);
  return row && PIN_CODE.test(row.pin) ? row.pin : null;
}

/** The PIN code this visitor's prices are for: the entered one, else the default address's, else null. */
export async function currentPin(
  db: Database,
  cookies: AstroCookies,
  customerId: number | null,
): Promise<{ pin: string; source: PinCheck['source'] } | null> {
  const entered = enteredPin(cookies);
  if (entered) return { pin: entered, source: 'entered' };
  const pin = customerId === null ? null : await defaultAddressPin(db, customerId);
  return pin ? { pin, source: 'address' } : null;
}

/** Checks a PIN code: its zone and earliest open slot by the delivery clock. */
export async function checkPin(db: Database, pin: string, source: PinCheck['source'] = 'entered'): Promise<PinCheck> {
  const zone = zoneForPin(pin);
  const earliest = zone ? earliestOpen(await listZoneSlots(db, zone, deliveryNow())) : null;
  return { pin, zone, earliest, source };
}

/**
 * The delivery policy of a cart: the current PIN code's zone, else the default zone's — named as
 * an estimate when no PIN code is known, so the cart says which zone its fee is for.
 */
export async function cartPolicy(db: Database, cookies: AstroCookies, customerId: number): Promise<DeliveryPolicy> {
  const current = await currentPin(db, cookies, customerId);
  if (!current) {
    const zone = defaultZone();
    return { ...zonePolicy(zone), estimateZone: zone.name };
  }
  return zonePolicy(zoneForPin(current.pin) ?? defaultZone());
}
