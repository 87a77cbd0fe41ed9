/**
 * The delivery zone whose fees checkout-summary quotes: the chosen address's zone,
 * else the Deliver-to PIN code's, else the default address's, so the first fee a customer sees
 * is the one they pay.
 */
import type { AstroCookies } from 'astro';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { addresses } from '#lib/db/schema.ts';
import { paiseToRupees } from '#lib/money.ts';
import type { DeliveryPolicy } from '../delivery-fee.ts';
import type { Zone } from '../rules.ts';
import { currentPin, zonePolicy } from './deliver-to.ts';
import { defaultZone, zoneForPin } from './zones.ts';

/** The PIN code checkout prices: the chosen address's, else the Deliver-to one, else the default address's. */
async function checkoutPin(
  db: Database,
  cookies: AstroCookies,
  customerId: number,
  addressId?: number,
): Promise<string | null> {
  let pin: string | null = null;
  if (addressId !== undefined) {
    const [row] = await db
      .select({ pin: addresses.poBox })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
    pin = row?.pin ?? null;
  }
  return pin ?? (await currentPin(db, cookies, customerId))?.pin ?? null;
}

/** The zone and its policy for checkout, or null when the PIN code in question is not served (or none is known). */
export async function checkoutDelivery(
  db: Database,
  cookies: AstroCookies,
  customerId: number,
  addressId?: number,
): Promise<{ zone: Zone; policy: DeliveryPolicy } | null> {
  const pin = await checkoutPin(db, cookies, customerId, addressId);
  const zone = pin ? zoneForPin(pin) : null;
  return zone ? { zone, policy: zonePolicy(zone) } : null;
}

/**
 * The zone whose fees checkout quotes while no address or PIN code is known yet (the first zone's,
 * an estimate), or null when the customer's zone is known (or their PIN code is not served).
 */
export async function checkoutEstimateZone(
  db: Database,
  cookies: AstroCookies,
  customerId: number,
  addressId?: number,
): Promise<string | null> {
  return (await checkoutPin(db, cookies, customerId, addressId)) === null ? defaultZone().name : null;
}

/** checkout-summary's `delivery` (rupee strings). */
export function checkoutDeliveryJson(d: { zone: Zone }, subtotalPaise: number) {
  const rupees = (p: number) => paiseToRupees(p).toFixed(2);
  return {
    zone: d.zone.name,
    min_order: rupees(d.zone.minOrderPaise),
    min_order_remaining: rupees(Math.max(0, d.zone.minOrderPaise - subtotalPaise)),
    free_delivery_from: rupees(d.zone.freeFromPaise),
  };
}
