/**
 * The delivery zone whose fees checkout-summary quotes: the chosen address's zone,
 * else the Deliver-to PIN code's, else the default address's, so the first fee a customer sees
 * is the one they pay. An address that no zone serves is quoted no delivery fee: the shop
 * does not deliver there (place-order refuses it), so no fee or free-delivery threshold applies.
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

/**
 * The PIN code checkout prices: the chosen address's, else the Deliver-to one, else the default
 * address's (`fromAddress`: an address's, not one entered under Deliver to); null when none is known.
 */
async function checkoutPin(
  db: Database,
  cookies: AstroCookies,
  customerId: number,
  addressId?: number,
): Promise<{ pin: string; fromAddress: boolean } | null> {
  if (addressId !== undefined) {
    const [row] = await db
      .select({ pin: addresses.poBox })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
    if (row) return { pin: row.pin, fromAddress: true };
  }
  const current = await currentPin(db, cookies, customerId);
  return current ? { pin: current.pin, fromAddress: current.source === 'address' } : null;
}

/** What checkout quotes delivery with, for the chosen address (else the Deliver-to or default PIN code). */
interface CheckoutDelivery {
  /** The zone that serves the PIN code; null when none does or no PIN code is known. */
  zone: Zone | null;
  /**
   * The fee policy to quote: the zone's; none at all (no fee) for an address no zone serves, since
   * nothing is delivered there; undefined otherwise (the first zone's, an estimate).
   */
  policy: DeliveryPolicy | undefined;
  /** The first zone's name while no PIN code is known (the figures are an estimate); else null. */
  estimateZone: string | null;
}

/** Nothing delivered, nothing charged for it: the quote for an address outside every zone. */
const NOT_DELIVERED: DeliveryPolicy = { feePaise: 0, freeFromPaise: 0, minOrderPaise: 0 };

/** The delivery checkout quotes for `addressId` (absent or not the customer's: the Deliver-to or default PIN code). */
export async function checkoutDelivery(
  db: Database,
  cookies: AstroCookies,
  customerId: number,
  addressId?: number,
): Promise<CheckoutDelivery> {
  const known = await checkoutPin(db, cookies, customerId, addressId);
  if (!known) return { zone: null, policy: undefined, estimateZone: defaultZone().name };
  const zone = zoneForPin(known.pin);
  if (zone) return { zone, policy: zonePolicy(zone), estimateZone: null };
  return { zone: null, policy: known.fromAddress ? NOT_DELIVERED : undefined, estimateZone: null };
}

/** checkout-summary's `delivery` (rupee strings). */
export function checkoutDeliveryJson(zone: Zone, subtotalPaise: number) {
  const rupees = (p: number) => paiseToRupees(p).toFixed(2);
  return {
    zone: zone.name,
    min_order: rupees(zone.minOrderPaise),
    min_order_remaining: rupees(Math.max(0, zone.minOrderPaise - subtotalPaise)),
    free_delivery_from: rupees(zone.freeFromPaise),
  };
}
