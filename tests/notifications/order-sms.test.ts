/**
 * Order status SMS on a fresh database of each kind: one SMS per
 * status change (confirmed, out for delivery, delivered, cancelled) in the customer's language,
 * none for a retried transition or an idempotent retry of the order, and a failing sender
 * never undoes the change.
 */

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { type SmsSender, setSmsSenderForTests } from '#features/auth/server/sms.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { orderSmsText } from '#features/notifications/rules.ts';
import { sendOrderSms, setSmsLanguage, settleOrderSms } from '#features/notifications/server/order-sms.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder, cancelOrder } from '#features/orders/server/status.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orderNotifications, orders, products } from '#lib/db/schema.ts';
import { maskPhone } from '#lib/log.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const ADDRESS = {
  type: 'home',
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.5276,
  longitude: 76.2144,
};

/** Records every message; fails while `failing` is set. */
class FakeSender implements SmsSender {
  readonly kind = 'http' as const;
  sent: { to: string; message: string }[] = [];
  failing = false;
  async send(to: string, message: string): Promise<void> {
    if (this.failing) throw new Error('gateway down');
    this.sent.push({ to, message });
  }
}

describe.each(testDatabaseKinds())('order status SMS on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;
  let phone = 0;
  const sender = new FakeSender();

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    productId = (await handle.db.select({ id: products.id }).from(products).where(eq(products.sku, 'FF-FRU-001')))[0]!
      .id;
    setSmsSenderForTests(sender);
  });
  afterEach(() => {
    sender.sent = [];
    sender.failing = false;
  });
  afterAll(async () => {
    await settleOrderSms();
    setSmsSenderForTests(undefined);
    await handle?.close();
  });

  async function customer() {
    const mobile = `+91950000${String(++phone).padStart(4, '0')}`;
    const [c] = await handle.db.insert(customers).values({ name: 'Asha', phone: mobile }).returning();
    const address = await addAddress(handle.db, c!.id, ADDRESS);
    return { id: c!.id, mobile, addressId: address.id };
  }
  async function order(who: { id: number; addressId: number }, idempotencyKey?: string) {
    await addToCart(handle.db, who.id, productId, 1);
    const quote = await quoteOrder(handle.db, who.id);
    return placeOrder(handle.db, who.id, {
      addressId: who.addressId,
      paymentMode: 'Cash',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      idempotencyKey,
    });
  }

  it('sends one English SMS per status change, and nothing for a retried transition', async () => {
    const who = await customer();
    const key = randomUUID();
    const { order: o } = await order(who, key);
    // The same request again (an idempotent retry) returns the same order and sends nothing new.
    const retry = await placeOrder(handle.db, who.id, {
      addressId: who.addressId,
      paymentMode: 'Cash',
      paidAmountPaise: o.paidAmountPaise,
      points: 0,
      idempotencyKey: key,
    });
    expect(retry.created).toBe(false);
    await advanceOrder(handle.db, o.id); // processed: no SMS
    await advanceOrder(handle.db, o.id);
    await advanceOrder(handle.db, o.id);
    await expect(advanceOrder(handle.db, o.id)).rejects.toMatchObject({ code: 'conflict' });
    await settleOrderSms();
    expect(await sendOrderSms(handle.db, o.id, 'delivered')).toBe('skipped');
    expect(sender.sent).toEqual([
      {
        to: who.mobile,
        message: `FarmFresh: Your order #${o.id} is confirmed. We will SMS you when it is out for delivery.`,
      },
      { to: who.mobile, message: `FarmFresh: Your order #${o.id} is out for delivery and will reach you soon.` },
      { to: who.mobile, message: `FarmFresh: Your order #${o.id} has been delivered. Thank you for shopping with us!` },
    ]);
    const rows = await handle.db.select().from(orderNotifications).where(eq(orderNotifications.orderId, o.id));
    expect(rows.map((r) => [r.event, r.language, r.sentAt !== null])).toEqual([
      ['confirmed', 'en', true],
      ['out_for_delivery', 'en', true],
      ['delivered', 'en', true],
    ]);
  });

  it('writes in Malayalam when the customer chose it, also for a cancellation', async () => {
    const who = await customer();
    expect(await setSmsLanguage(handle.db, who.id, 'ml')).toBe('ml');
    const { order: o } = await order(who);
    await cancelOrder(handle.db, who.id, o.id);
    await settleOrderSms();
    expect(sender.sent.map((s) => s.message)).toEqual([
      orderSmsText('ml', 'confirmed', o.id, 'FarmFresh'),
      orderSmsText('ml', 'cancelled', o.id, 'FarmFresh'),
    ]);
    expect(sender.sent[1]!.message).toBe(`FarmFresh: നിങ്ങളുടെ ഓർഡർ #${o.id} റദ്ദാക്കി. റീഫണ്ട് വിവരങ്ങൾ My Orders-ൽ കാണാം.`);
  });

  it('never undoes a status change when the SMS fails, and does not send it twice later', async () => {
    const who = await customer();
    const { order: o } = await order(who);
    await settleOrderSms();
    sender.failing = true;
    await advanceOrder(handle.db, o.id);
    const moved = await advanceOrder(handle.db, o.id);
    expect(moved.to).toBe('out_for_delivery');
    await settleOrderSms();
    const [row] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
    expect(row!.status).toBe('out_for_delivery');
    const [note] = await handle.db
      .select()
      .from(orderNotifications)
      .where(and(eq(orderNotifications.event, 'out_for_delivery'), eq(orderNotifications.orderId, o.id)));
    expect(note).toMatchObject({ sentAt: null });
    expect(note!.failedAt).toBeInstanceOf(Date);
    sender.failing = false;
    expect(await sendOrderSms(handle.db, o.id, 'out_for_delivery')).toBe('skipped');
  });

  it('sends each event once when the same change is reported in parallel', async () => {
    const who = await customer();
    const { order: o } = await order(who);
    await settleOrderSms();
    sender.sent = [];
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => sendOrderSms(handle.db, o.id, 'confirmed')));
    expect(outcomes.filter((x) => x === 'sent')).toHaveLength(0); // already sent at placement
    const outcomesDelivered = await Promise.all(
      Array.from({ length: 5 }, () => sendOrderSms(handle.db, o.id, 'delivered')),
    );
    expect(outcomesDelivered.filter((x) => x === 'sent')).toHaveLength(1);
    expect(sender.sent).toHaveLength(1);
  });

  it('masks phone numbers in logs', () => {
    expect(maskPhone('+919876543210')).toBe('+91••••••10');
    expect(maskPhone('+12025550143')).toBe('+1••••••43');
  });
});
