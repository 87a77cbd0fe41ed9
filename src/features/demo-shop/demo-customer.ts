/**
 * The demo shop's customer: Asha Menon, +91 94470 00001, with a saved
 * Thrissur address and a short history of delivered orders, so a visitor who signs in as her
 * (the demo OTP dialog shows the code in demo mode, DEMO_MODE) sees "Buy again" on the home page
 * and in My Account, and past orders with their substitution choices. Nobody else can sign in
 * as her: with a real SMS gateway the code goes to a number nobody holds.
 *
 * Written inside seedDemoShop's transaction, after the catalogue; the orders are history (no
 * stock is taken, as for orders delivered before the current stock count). Each earned its points
 * under the shop's rule (pointsFor), credited as delivery credits them (creditEarnedPoints), once.
 */
import { asc, gt } from 'drizzle-orm';
import { creditEarnedPoints, pointsFor } from '#features/orders/index.ts';
import { getConfig } from '#lib/config.ts';
import * as schema from '#lib/db/schema.ts';
import type { Database } from '#lib/db/types.ts';
import { imageUrl } from '#lib/images.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The demo customer's phone number (E.164). */
export const DEMO_CUSTOMER_PHONE = '+919447000001';

const DAY_MS = 86_400_000;

/**
 * Which of the first in-stock products each past order held (index, quantity), oldest first; the
 * 1st is in every order.
 */
const HISTORY: { daysAgo: number; lines: [number, number][]; substitution: 'replace' | 'refund' | 'call' }[] = [
  {
    daysAgo: 20,
    lines: [
      [0, 2],
      [1, 1],
      [2, 1],
    ],
    substitution: 'replace',
  },
  {
    daysAgo: 12,
    lines: [
      [0, 1],
      [1, 2],
      [3, 1],
    ],
    substitution: 'call',
  },
  {
    daysAgo: 5,
    lines: [
      [0, 1],
      [4, 1],
    ],
    substitution: 'replace',
  },
];

/** Adds the demo customer, her address and her delivered orders. */
export async function seedDemoCustomer(tx: Tx): Promise<void> {
  const now = Date.now();
  const [customer] = await tx
    .insert(schema.customers)
    .values({
      name: 'Asha Menon',
      email: 'asha.demo@example.com',
      phone: DEMO_CUSTOMER_PHONE,
      phoneVerifiedAt: new Date(now - 30 * DAY_MS),
    })
    .returning({ id: schema.customers.id });
  const address = {
    name: 'Asha Menon',
    mobile: DEMO_CUSTOMER_PHONE,
    buildingNum: '12/4',
    street: 'Round North',
    landmark: 'Near Vadakkunnathan Temple',
    city: 'Thrissur',
    poBox: '680001',
    latitude: 10.5276,
    longitude: 76.2144,
  };
  const [saved] = await tx
    .insert(schema.addresses)
    .values({ customerId: customer!.id, type: 'home', isDefault: true, ...address })
    .returning({ id: schema.addresses.id });
  const products = await tx
    .select()
    .from(schema.products)
    .where(gt(schema.products.stock, 0))
    .orderBy(asc(schema.products.id))
    .limit(5);
  if (products.length < 5) return;
  for (const past of HISTORY) {
    const at = new Date(now - past.daysAgo * DAY_MS);
    at.setUTCHours(4, 0, 0, 0); // 9:30 in Thrissur, delivered by lunch
    const lines = past.lines.map(([i, qty]) => ({ product: products[i]!, qty }));
    const subtotal = lines.reduce((s, l) => s + l.product.pricePaise * l.qty, 0);
    const fee = subtotal >= 49_900 ? 0 : 4_000;
    const [order] = await tx
      .insert(schema.orders)
      .values({
        customerId: customer!.id,
        addressId: saved!.id,
        addressSnapshot: {
          name: address.name,
          mobile: address.mobile,
          building_num: address.buildingNum,
          street: address.street,
          landmark: address.landmark,
          city: address.city,
          po_box: address.poBox,
          latitude: address.latitude,
          longitude: address.longitude,
        },
        status: 'delivered',
        paymentMode: 'Cash',
        paymentStatus: 'paid',
        subtotalPaise: subtotal,
        deliveryFeePaise: fee,
        paidAmountPaise: subtotal + fee,
        pointsEarned: pointsFor(subtotal + fee),
        substitution: past.substitution,
        createdAt: at,
        processedAt: new Date(at.getTime() + 30 * 60_000),
        outForDeliveryAt: new Date(at.getTime() + 2 * 3_600_000),
        deliveredAt: new Date(at.getTime() + 3 * 3_600_000),
      })
      .returning({ id: schema.orders.id, deliveredAt: schema.orders.deliveredAt });
    await tx.insert(schema.orderItems).values(
      lines.map((l) => ({
        orderId: order!.id,
        productId: l.product.id,
        productName: l.product.name,
        productImage: imageUrl(l.product.images?.[0], getConfig().MEDIA_BASE_URL || '/media'),
        qty: l.qty,
        unitPricePaise: l.product.pricePaise,
        mrpPaise: l.product.mrpPaise,
        taxPercent: Number(l.product.taxPercent),
        totalAmountPaise: l.product.pricePaise * l.qty,
        substitution: past.substitution,
      })),
    );
    await creditEarnedPoints(tx, order!.id, order!.deliveredAt!);
  }
}
