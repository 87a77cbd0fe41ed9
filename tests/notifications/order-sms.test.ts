/**
 * Order status SMS through the outbox, on a fresh database of each kind: one SMS per status
 * change (confirmed, out for delivery, delivered, cancelled) in the customer's language, none for
 * a retried transition or an idempotent retry of the order; the SMS is owed exactly when the
 * change committed; a failing sender never undoes the change and is retried with backoff until
 * the tries are used up; dispatchers running at once send each SMS once; an SMS queued by a
 * server that stopped before sending it is sent by the next runner, once; each SMS keeps the number
 * it went to when the customer changes theirs later.
 */

import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { ORDER_SMS_TEMPLATES, type OrderSmsEvent, type SmsLanguage } from '#features/notifications/rules.ts';
import {
  dispatchOrderSms,
  MAX_ATTEMPTS,
  orderSmsForStaff,
  orderSmsJob,
  orderSmsStateLabel,
  queueOrderSms,
  RETRY_BASE_MS,
  setSmsLanguage,
} from '#features/notifications/server/order-sms.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder, cancelOrder } from '#features/orders/server/status.ts';
import demoTemplates from '#features/sms/data/templates.json' with { type: 'json' };
import {
  renderSms,
  type SmsMessage,
  type SmsSender,
  setSmsSenderForTests,
  setSmsTemplatesForTests,
} from '#features/sms/index.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orderNotifications, orders, products } from '#lib/db/schema.ts';
import { createInProcessRunner } from '#lib/jobs/index.ts';
import { maskPhone } from '#lib/log.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const ADDRESS = THRISSUR_ADDRESS;

/** The text of the registered template of `event` in `language` for order `id` (the demo templates). */
const orderSmsText = (language: SmsLanguage, event: OrderSmsEvent, id: number) =>
  renderSms(ORDER_SMS_TEMPLATES[event], language, { order: String(id) }).text;

/** Records every message; fails while `failing` is set. */
class FakeSender implements SmsSender {
  readonly kind = 'http' as const;
  sent: { to: string; message: string }[] = [];
  failing = false;
  async send(to: string, message: SmsMessage): Promise<void> {
    if (this.failing) throw new Error('gateway down');
    this.sent.push({ to, message: message.text });
  }
}

describe('an order SMS state as staff read it', () => {
  it('never says Sent for an SMS the console sender (demo mode) only logged', () => {
    expect(orderSmsStateLabel('sent', { consoleSender: true })).toBe('Not sent (demo mode)');
    expect(orderSmsStateLabel('sent', { consoleSender: false })).toBe('Sent');
    expect(orderSmsStateLabel('pending', { consoleSender: true })).toBe('Waiting to send');
    expect(orderSmsStateLabel('failed', { consoleSender: false })).toBe('Failed');
  });
});

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
  afterEach(async () => {
    sender.sent = [];
    sender.failing = false;
    // Each test starts with nothing owed: what one leaves unsent is closed, not sent by the next.
    await handle.db
      .update(orderNotifications)
      .set({ failedAt: new Date(), lastError: 'closed at the end of a test' })
      .where(and(isNull(orderNotifications.sentAt), isNull(orderNotifications.failedAt)));
  });
  afterAll(async () => {
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

  const send = (now?: Date) => dispatchOrderSms(handle.db, now);
  const note = async (orderId: number, event: 'confirmed' | 'out_for_delivery' | 'delivered' | 'cancelled') =>
    (
      await handle.db
        .select()
        .from(orderNotifications)
        .where(and(eq(orderNotifications.orderId, orderId), eq(orderNotifications.event, event)))
    )[0];

  it('sends one English SMS per status change, and nothing for a retried transition', async () => {
    const who = await customer();
    const key = randomUUID();
    const { order: o } = await order(who, key);
    // The same request again (an idempotent retry) returns the same order and owes nothing new.
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
    expect(await send()).toEqual({ sent: 3, retrying: 0, failed: 0 });
    // The same change queued again (a retried transition) owes nothing: nothing more is sent.
    await queueOrderSms(handle.db, o.id, 'delivered');
    expect((await send()).sent).toBe(0);
    expect(sender.sent).toEqual([
      {
        to: who.mobile,
        message: `FarmFresh: Your order #${o.id} is confirmed. We will SMS you when it is out for delivery. Track it: http://localhost:4321/track-order?order=${o.id}`,
      },
      { to: who.mobile, message: `FarmFresh: Your order #${o.id} is out for delivery and will reach you soon.` },
      { to: who.mobile, message: `FarmFresh: Your order #${o.id} has been delivered. Thank you for shopping with us!` },
    ]);
    const rows = await handle.db.select().from(orderNotifications).where(eq(orderNotifications.orderId, o.id));
    expect(rows.map((r) => [r.event, r.language, r.sentAt !== null, r.attempts])).toEqual([
      ['confirmed', 'en', true, 1],
      ['out_for_delivery', 'en', true, 1],
      ['delivered', 'en', true, 1],
    ]);
  });

  it('writes in Malayalam when the customer chose it, also for a cancellation', async () => {
    const who = await customer();
    expect(await setSmsLanguage(handle.db, who.id, 'ml')).toBe('ml');
    const { order: o } = await order(who);
    await cancelOrder(handle.db, who.id, o.id);
    await send();
    expect(sender.sent.map((s) => s.message)).toEqual([
      orderSmsText('ml', 'confirmed', o.id),
      orderSmsText('ml', 'cancelled', o.id),
    ]);
    expect(sender.sent[1]!.message).toBe(`FarmFresh: നിങ്ങളുടെ ഓർഡർ #${o.id} റദ്ദാക്കി. റീഫണ്ട് വിവരങ്ങൾ My Orders-ൽ കാണാം.`);
  });

  it('owes no SMS for an event whose message is off (no registered template); the others still go', async () => {
    setSmsTemplatesForTests({
      messages: Object.fromEntries(Object.entries(demoTemplates.messages).filter(([key]) => key !== 'order_delivered')),
    });
    try {
      const who = await customer();
      const { order: o } = await order(who);
      for (let i = 0; i < 3; i++) await advanceOrder(handle.db, o.id); // processed, out for delivery, delivered
      await send();
      expect(sender.sent.map((s) => s.message)).toEqual([
        orderSmsText('en', 'confirmed', o.id),
        orderSmsText('en', 'out_for_delivery', o.id),
      ]);
      expect(await note(o.id, 'delivered')).toBeUndefined();
    } finally {
      setSmsTemplatesForTests(null);
    }
  });

  it('owes the SMS only with a committed change: a rolled-back change leaves nothing to send', async () => {
    const who = await customer();
    const { order: o } = await order(who);
    await send();
    sender.sent = [];
    await expect(
      handle.db.transaction(async (tx) => {
        await queueOrderSms(tx, o.id, 'delivered');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await note(o.id, 'delivered')).toBeUndefined();
    expect((await send()).sent).toBe(0);
    expect(sender.sent).toEqual([]);
  });

  it('never undoes a change when the SMS fails; retries with backoff, then shows it failed to staff', async () => {
    const who = await customer();
    const { order: o } = await order(who);
    await send();
    sender.sent = [];
    sender.failing = true;
    await advanceOrder(handle.db, o.id);
    const moved = await advanceOrder(handle.db, o.id);
    expect(moved.to).toBe('out_for_delivery');
    const t0 = new Date();
    expect(await send(t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [row] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
    expect(row!.status).toBe('out_for_delivery');
    let queued = await note(o.id, 'out_for_delivery');
    expect(queued).toMatchObject({ sentAt: null, failedAt: null, attempts: 1, lastError: 'gateway down' });
    expect(queued!.nextAttemptAt.getTime()).toBe(t0.getTime() + RETRY_BASE_MS);
    // Not due again before its backoff ends.
    expect(await send(new Date(t0.getTime() + RETRY_BASE_MS - 1000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    // Each further try waits twice as long; the last one marks it failed.
    let at = t0.getTime();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      at += RETRY_BASE_MS * 2 ** (attempt - 2);
      const result = await send(new Date(at));
      expect(result).toEqual(
        attempt < MAX_ATTEMPTS ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 },
      );
    }
    queued = await note(o.id, 'out_for_delivery');
    expect(queued).toMatchObject({ sentAt: null, attempts: MAX_ATTEMPTS, lastError: 'gateway down' });
    expect(queued!.failedAt).toBeInstanceOf(Date);
    const forStaff = await orderSmsForStaff(handle.db, o.id);
    expect(forStaff.map((s) => [s.event, s.status, s.attempts, s.lastError, s.to])).toEqual([
      ['confirmed', 'sent', 1, null, who.mobile],
      ['out_for_delivery', 'failed', MAX_ATTEMPTS, 'gateway down', who.mobile],
    ]);
    sender.failing = false;
    expect((await send(new Date(at + 86_400_000))).sent).toBe(0);
    expect(sender.sent).toEqual([]);
  });

  it('sends a retried SMS once it goes through, and the next change after it', async () => {
    const who = await customer();
    const { order: o } = await order(who);
    sender.failing = true;
    const t0 = new Date();
    await send(t0);
    sender.failing = false;
    await advanceOrder(handle.db, o.id);
    await advanceOrder(handle.db, o.id); // out for delivery, queued behind the unsent "confirmed"
    // "out for delivery" never overtakes the "confirmed" still waiting for its retry.
    expect(await send(new Date(t0.getTime() + 1000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await send(new Date(t0.getTime() + RETRY_BASE_MS))).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(sender.sent.map((s) => s.message)).toEqual([
      orderSmsText('en', 'confirmed', o.id),
      orderSmsText('en', 'out_for_delivery', o.id),
    ]);
  });

  it('sends each SMS once when dispatchers run at once', async () => {
    const who = await customer();
    const { order: o } = await order(who);
    await advanceOrder(handle.db, o.id);
    await advanceOrder(handle.db, o.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => send()));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(2);
    expect(sender.sent.map((s) => s.message)).toEqual([
      orderSmsText('en', 'confirmed', o.id),
      orderSmsText('en', 'out_for_delivery', o.id),
    ]);
  });

  it('sends an SMS whose server stopped before sending it: the next runner sends it once', async () => {
    const who = await customer();
    // The order and its SMS committed; the process that placed it stopped before dispatching.
    const { order: o } = await order(who);
    expect(await note(o.id, 'confirmed')).toMatchObject({ sentAt: null, attempts: 0 });
    // Another server's runner, with the dispatcher on a short interval.
    const job = { ...orderSmsJob(), intervalMs: 50 };
    const runner = createInProcessRunner([job], async () => handle.db);
    await runner.start();
    try {
      const deadline = Date.now() + 5000;
      while (!sender.sent.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 300)); // a few more runs: nothing more is sent
    } finally {
      await runner.stop(5000);
    }
    expect(sender.sent).toEqual([{ to: who.mobile, message: orderSmsText('en', 'confirmed', o.id) }]);
    expect(await note(o.id, 'confirmed')).toMatchObject({ attempts: 1 });
  });

  it('keeps the number each SMS went to when the customer changes theirs after the order', async () => {
    const who = await customer();
    const { order: o } = await order(who);
    await send(); // confirmed, to the number the order was placed with
    await advanceOrder(handle.db, o.id);
    await advanceOrder(handle.db, o.id); // out for delivery: queued, not sent yet
    expect((await orderSmsForStaff(handle.db, o.id)).map((s) => [s.event, s.status, s.to])).toEqual([
      ['confirmed', 'sent', who.mobile],
      ['out_for_delivery', 'pending', who.mobile],
    ]);
    // The customer changes their number (verified by OTP in the shop) before the next SMS goes.
    const changed = `+91960000${String(phone).padStart(4, '0')}`;
    await handle.db
      .update(customers)
      .set({ phone: changed, phoneVerifiedAt: new Date() })
      .where(eq(customers.id, who.id));
    await send();
    // The waiting SMS goes to the number on file when it is sent; the sent one keeps the old number.
    expect(sender.sent.map((s) => s.to)).toEqual([who.mobile, changed]);
    expect((await orderSmsForStaff(handle.db, o.id)).map((s) => [s.event, s.status, s.to])).toEqual([
      ['confirmed', 'sent', who.mobile],
      ['out_for_delivery', 'sent', changed],
    ]);
  });

  it('masks phone numbers in logs', () => {
    expect(maskPhone('+919876543210')).toBe('+91••••••10');
    expect(maskPhone('+12025550143')).toBe('+1••••••43');
  });
});
