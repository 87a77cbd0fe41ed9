/**
 * Order status SMS: when an order is confirmed, goes out for
 * delivery, is delivered or is cancelled, the customer gets one SMS in the language chosen in
 * My Account, through the configured sender (the one OTPs use, SMS_SENDER).
 *
 * Sending happens after the status change committed and can never undo it: `notifyOrderStatus`
 * starts the send and returns at once; every failure is logged at `warn` and recorded. Exactly
 * once per order and event: the send first claims its row in `order_notifications` (unique per
 * order and event), so a retried transition, a second process or a double call sends nothing.
 * A crash between the commit and the claim loses that SMS (at most once, never twice).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { getSmsSender, smsAvailable } from '#features/auth/index.ts';
import { getConfig } from '#lib/config.ts';
import type { Database } from '#lib/db/index.ts';
import { customers, orderNotifications, orders } from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { logger, maskPhone } from '#lib/log.ts';
import { type OrderSmsEvent, orderSmsText, type SmsLanguage } from '../rules.ts';

/** Sets the customer's SMS language; returns it. 404 when the account is gone. */
export async function setSmsLanguage(db: Database, customerId: number, language: SmsLanguage): Promise<SmsLanguage> {
  const [row] = await db
    .update(customers)
    .set({ smsLanguage: language })
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .returning({ language: customers.smsLanguage });
  if (!row) throw notFound('Account not found.');
  return row.language;
}

/**
 * What one send did: sent now, skipped (already sent for this event, no phone, or no SMS sender
 * configured), or failed (logged).
 */
export type OrderSmsOutcome = 'sent' | 'skipped' | 'failed';

/** Claims and sends the SMS of `event` for `orderId` (see the module comment). Never throws. */
export async function sendOrderSms(db: Database, orderId: number, event: OrderSmsEvent): Promise<OrderSmsOutcome> {
  const context = { orderId, event };
  // No sender configured (production without SMS_SENDER): start-up already warned once.
  if (!smsAvailable()) return 'skipped';
  try {
    const [who] = await db
      .select({ phone: customers.phone, language: customers.smsLanguage })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, orderId));
    if (!who?.phone) return 'skipped';
    const claimed = await db
      .insert(orderNotifications)
      .values({ orderId, event, language: who.language })
      .onConflictDoNothing()
      .returning({ id: orderNotifications.id });
    if (!claimed.length) return 'skipped';
    const id = claimed[0]!.id;
    try {
      await getSmsSender().send(who.phone, orderSmsText(who.language, event, orderId, getConfig().SHOP_NAME));
    } catch (err) {
      logger.warn({ ...context, to: maskPhone(who.phone), err: (err as Error).message }, 'order status SMS failed');
      await db.update(orderNotifications).set({ failedAt: new Date() }).where(eq(orderNotifications.id, id));
      return 'failed';
    }
    await db.update(orderNotifications).set({ sentAt: new Date() }).where(eq(orderNotifications.id, id));
    logger.info({ ...context, to: maskPhone(who.phone), language: who.language }, 'order status SMS sent');
    return 'sent';
  } catch (err) {
    logger.warn({ ...context, err }, 'order status SMS could not be recorded');
    return 'failed';
  }
}

const inFlight = new Set<Promise<OrderSmsOutcome>>();

/** The last SMS started per order in this process: an order's messages go out in the order of its changes. */
const lastPerOrder = new Map<number, Promise<unknown>>();

/**
 * Starts the SMS of a committed status change and returns at once (call after the commit). An
 * order's messages are sent one after another, in the order of its changes, so "delivered"
 * never overtakes "out for delivery" when the two follow each other quickly.
 */
export function notifyOrderStatus(db: Database, orderId: number, event: OrderSmsEvent): void {
  const previous = lastPerOrder.get(orderId) ?? Promise.resolve();
  const sending = previous.catch(() => undefined).then(() => sendOrderSms(db, orderId, event));
  lastPerOrder.set(orderId, sending);
  inFlight.add(sending);
  void sending.finally(() => {
    inFlight.delete(sending);
    if (lastPerOrder.get(orderId) === sending) lastPerOrder.delete(orderId);
  });
}

/** Waits for every SMS started so far (tests; a graceful shutdown could use it too). */
export async function settleOrderSms(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}
