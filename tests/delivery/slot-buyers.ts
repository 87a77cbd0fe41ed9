/**
 * The slot tests' shared fixture: the test zones with room for 3 orders in each central window
 * (SMALL), a morning to book from (NOW), and `buyer`, a new customer with an address and product
 * 1 in the cart, with what place-order needs for a cash order of it.
 */
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { orderDelivery } from '#features/delivery/server/order-delivery.ts';
import { shopInstant } from '#features/delivery/slots.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import type { Database } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
import testZones from '../fixtures/zones.json' with { type: 'json' };

/** An address in Thrissur's central zone (PIN 680001). */
export const ADDRESS = {
  type: 'home',
  name: 'Buyer',
  mobile: '+919800000000',
  building_num: '1',
  street: 'MG Road',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.52,
  longitude: 76.21,
};

/** The test zones with room for 3 orders in each central window. */
export const SMALL = {
  ...testZones,
  slotTemplates: {
    ...testZones.slotTemplates,
    city: {
      ...testZones.slotTemplates.city,
      windows: testZones.slotTemplates.city.windows.map((w) => ({ ...w, capacity: 3 })),
    },
  },
};

/** 06:00 shop time on a fixed day: every window of the day is still ahead. */
export const NOW = shopInstant('2026-11-26', '06:00');

let n = 0;
/** A new customer with an address at `pin` and `qty` of product 1 in the cart; returns what place-order needs. */
export async function buyer(db: Database, pin = '680001', qty = 1) {
  const [c] = await db
    .insert(customers)
    .values({ name: `Buyer ${n}`, phone: `+9197${String(n++).padStart(8, '0')}` })
    .returning();
  const address = await addAddress(db, c!.id, { ...ADDRESS, po_box: pin });
  await addToCart(db, c!.id, 1, qty);
  const policy = orderDelivery(pin)!.policy;
  const quote = await quoteOrder(db, c!.id, { policy });
  return {
    customerId: c!.id,
    input: { addressId: address.id, paymentMode: 'Cash' as const, paidAmountPaise: quote.paidAmountPaise, points: 0 },
    quote,
  };
}
