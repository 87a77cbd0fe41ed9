/**
 * The tracking page's data on a fresh database of each kind (docs/orders-and-payments.md#order-tracking):
 * the delivery address and slot of the customer's own order; the rider's name and phone only while
 * the order is out for delivery (not before, not after delivery or cancellation, not for an
 * inactive rider); another customer's order reads "Order not found." as a missing one does.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder, cancelOrder } from '#features/orders/server/status.ts';
import { trackOrder } from '#features/orders/server/track.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orders, products, staff } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const ADDRESS = {
  type: 'home',
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: 'Near the temple',
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.5276,
  longitude: 76.2144,
};

const randomPhone = () =>
  `+9197${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;

describe.each(testDatabaseKinds())('tracking page data on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const all = await handle.db.select().from(products);
    productId = all.find((p) => p.stock >= 50)!.id;
  });
  afterAll(async () => handle?.close());

  async function newCustomer() {
    const [c] = await handle.db.insert(customers).values({ name: 'Asha', phone: randomPhone() }).returning();
    return c!.id;
  }

  async function newOrder(customerId?: number) {
    const db = handle.db;
    const id = customerId ?? (await newCustomer());
    const address = await addAddress(db, id, ADDRESS);
    await addToCart(db, id, productId, 1);
    const quote = await quoteOrder(db, id);
    const { order } = await placeOrder(db, id, {
      addressId: address.id,
      paymentMode: 'Cash',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
    });
    return { customerId: id, orderId: order.id };
  }

  async function newRider(name: string) {
    const [r] = await handle.db.insert(staff).values({ name, phone: randomPhone(), role: 'rider' }).returning();
    return r!;
  }

  it('holds the delivery address as placed and the slot', async () => {
    const { customerId, orderId } = await newOrder();
    const view = await trackOrder(handle.db, customerId, orderId);
    expect(view.order.id).toBe(orderId);
    expect(view.address).toEqual({
      name: 'Asha Menon',
      lines: ['12/4, Round North', 'Near the temple', 'Thrissur 680001'],
      mobile: '+919876543210',
    });
    expect(view.order.delivery_slot?.label).toMatch(/\S/);
    expect(view.order.cancellable).toBe(true);
    expect(view.rider).toBeNull();
  });

  it('names the rider with the phone only while the order is out for delivery', async () => {
    const { customerId, orderId } = await newOrder();
    const rider = await newRider('Biju Varghese');
    await handle.db.update(orders).set({ riderId: rider.id }).where(eq(orders.id, orderId));

    // Assigned but still being packed: no rider yet.
    expect((await trackOrder(handle.db, customerId, orderId)).rider).toBeNull();
    await advanceOrder(handle.db, orderId);
    expect((await trackOrder(handle.db, customerId, orderId)).rider).toBeNull();

    await advanceOrder(handle.db, orderId);
    const out = await trackOrder(handle.db, customerId, orderId);
    expect(out.order.order_status).toBe('out_for_delivery');
    expect(out.rider).toEqual({ name: 'Biju Varghese', phone: rider.phone });

    await advanceOrder(handle.db, orderId);
    const delivered = await trackOrder(handle.db, customerId, orderId);
    expect(delivered.order.order_status).toBe('delivered');
    expect(delivered.rider).toBeNull();
  });

  it('shows no rider when none is assigned or the rider has left the shop', async () => {
    const { customerId, orderId } = await newOrder();
    await advanceOrder(handle.db, orderId);
    await advanceOrder(handle.db, orderId);
    expect((await trackOrder(handle.db, customerId, orderId)).rider).toBeNull();

    const rider = await newRider('Former Rider');
    await handle.db.update(orders).set({ riderId: rider.id }).where(eq(orders.id, orderId));
    await handle.db.update(staff).set({ active: false }).where(eq(staff.id, rider.id));
    expect((await trackOrder(handle.db, customerId, orderId)).rider).toBeNull();
  });

  it('shows a cancelled order without a rider and no longer cancellable', async () => {
    const { customerId, orderId } = await newOrder();
    await cancelOrder(handle.db, customerId, orderId);
    const view = await trackOrder(handle.db, customerId, orderId);
    expect(view.order.order_status).toBe('cancelled');
    expect(view.order.cancellable).toBe(false);
    expect(view.rider).toBeNull();
  });

  it("answers another customer's order as not found, as a missing one", async () => {
    const { orderId } = await newOrder();
    const other = await newCustomer();
    await expect(trackOrder(handle.db, other, orderId)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Order not found.',
    });
    await expect(trackOrder(handle.db, other, orderId + 1_000_000)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Order not found.',
    });
  });
});
