/**
 * What reaches the shop about an online payment from outside: the customer's checkout callback
 * (verify), the customer's decline or abandon (cancel), and the gateway's webhook. Each ends in
 * confirmPayment or releasePendingOrder, which change an order exactly once.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import { AppError, badRequest, notFound } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import { REFUND_PERIOD } from '#lib/refund-period.ts';
import {
  GatewayError,
  type GatewayPayment,
  type PaymentGateway,
  WEBHOOK_MAX_AGE_MS,
  WebhookStaleError,
  webhookEventKey,
} from './gateway.ts';
import { PAYMENT_FAILED, releasePendingOrder } from './payment.ts';
import { type ConfirmOutcome, confirmFromGateway, confirmPayment, eventSeen, recordEvent } from './payment-confirm.ts';
import { settleRefund } from './payment-refunds.ts';
import { settleQrPayment } from './upi-qr.ts';

/** 400 when the checkout callback's signature is not the gateway's. */
export const SIGNATURE_INVALID = 'Payment verification failed: the payment signature is not valid.';
/** 503 when the gateway cannot be asked about a payment the customer made. */
export const PAYMENT_UNCONFIRMED =
  'We could not confirm your payment yet. Please do not pay again: your order appears under My Orders once the payment is confirmed.';
/** 409 for a payment whose amount differs from the order's. */
export const PAYMENT_PROBLEM =
  'We could not accept this payment: its amount does not match your order. Please contact us; any amount taken is returned.';
/** 409 for a payment that arrived after its order was released. */
export const PAYMENT_TOO_LATE = `Your order was released before the payment arrived, so it was not placed. The payment is refunded to your original payment method within ${REFUND_PERIOD}.`;

/** Online payment is off: 400. */
const noGateway = () => badRequest('Online payment is not available.');

/** The customer's order paid into `gatewayOrderId` (404 when it is not theirs). */
async function customerOrder(db: Database, customerId: number, gatewayOrderId: string) {
  const [row] = await db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.gatewayOrderId, gatewayOrderId), eq(orders.customerId, customerId)));
  if (!row) throw notFound('Order not found.');
  return row;
}

/**
 * The checkout callback: checks the signature (400, nothing changes), then confirms the payment.
 * Returns the order id once it is paid. Errors: 404 not the customer's; 402 the payment did not
 * go through; 409 amount mismatch or the order released before the payment; 503 the gateway
 * could not be asked (the payments job settles it).
 */
export async function verifyCheckoutPayment(
  db: Database,
  gateway: PaymentGateway | null,
  customerId: number,
  input: { orderId: string; paymentId: string; signature: string },
): Promise<number> {
  if (!gateway) throw noGateway();
  if (!gateway.verifyCheckout(input)) throw badRequest(SIGNATURE_INVALID);
  const order = await customerOrder(db, customerId, input.orderId);
  let outcome: ConfirmOutcome;
  try {
    const payment = await gateway.fetchPayment(input.paymentId);
    if (payment.orderId !== input.orderId) throw badRequest(SIGNATURE_INVALID);
    outcome = await confirmPayment(db, gateway, payment);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    logger.warn({ orderId: order.id, err }, 'checkout callback: the gateway could not be asked');
    throw new AppError('unavailable', PAYMENT_UNCONFIRMED);
  }
  if (outcome === 'paid' || outcome === 'already_paid') return order.id;
  if (outcome === 'problem') throw new AppError('conflict', PAYMENT_PROBLEM);
  if (outcome === 'late_refund') throw new AppError('conflict', PAYMENT_TOO_LATE);
  throw new AppError('payment_required', PAYMENT_FAILED);
}

/**
 * The customer declined or abandoned the checkout: the gateway is asked first (a payment that
 * went through confirms the order instead: 'paid'), else the order is released ('released'; the
 * cart is back). When the gateway cannot be asked the order is released all the same: a payment
 * that arrives after is refunded. 404 when the gateway order is not the customer's.
 */
export async function cancelCheckoutPayment(
  db: Database,
  gateway: PaymentGateway | null,
  customerId: number,
  gatewayOrderId: string,
): Promise<{ orderId: number; outcome: 'paid' | 'released' }> {
  const order = await customerOrder(db, customerId, gatewayOrderId);
  if (order.paymentStatus === 'pending' && gateway) {
    try {
      const outcome = await confirmFromGateway(db, gateway, gatewayOrderId);
      if (outcome === 'paid' || outcome === 'already_paid') return { orderId: order.id, outcome: 'paid' };
    } catch (err) {
      logger.warn({ orderId: order.id, err }, 'checkout cancel: the gateway could not be asked; releasing the order');
    }
  }
  await releasePendingOrder(db, order.id);
  const [after] = await db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id));
  const paid = after?.s === 'paid' || after?.s === 'refunded';
  return { orderId: order.id, outcome: paid ? 'paid' : 'released' };
}

/** Where an online order stands for the customer who is waiting on it. */
export type PaymentCheck = 'pending' | 'paid' | 'released';

/**
 * The customer asks where an online order stands (the checkout or cart waiting on a payment
 * whose outcome the browser never heard): while it awaits its payment the gateway is asked and a
 * payment that went through confirms it (confirmFromGateway, exactly once as every other path);
 * nothing is released here (the customer's cancel and the payments job do that). A gateway that
 * cannot be asked leaves it pending. 404 when the order is not the customer's online order.
 */
export async function checkCheckoutPayment(
  db: Database,
  gateway: PaymentGateway | null,
  customerId: number,
  orderId: number,
): Promise<PaymentCheck> {
  const read = async () => {
    const [row] = await db
      .select({ status: orders.status, gatewayOrderId: orders.gatewayOrderId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orders.paymentMode, 'Online')));
    if (!row) throw notFound('Order not found.');
    return row;
  };
  let row = await read();
  if (row.status === 'pending_payment' && row.gatewayOrderId && gateway) {
    try {
      await confirmFromGateway(db, gateway, row.gatewayOrderId);
      row = await read();
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      logger.warn({ orderId, err }, 'payment check: the gateway could not be asked; the order stays pending');
    }
  }
  if (row.status === 'pending_payment') return 'pending';
  return row.status === 'payment_failed' ? 'released' : 'paid';
}

/**
 * Where an online order's payment stands at the gateway, for staff: `not_created` (no gateway
 * order), `created` (no payment tried), `failed` (only failed tries), `authorized`, `captured`,
 * `refunded` (a payment the gateway lists as refunded), or `unknown` when the gateway cannot be
 * asked; with the payments the gateway lists. A paid order (refunds or not: they are listed
 * apart) is `captured` without asking; an unpaid one is asked live.
 */
export async function gatewayPaymentState(
  gateway: PaymentGateway | null,
  order: { paymentStatus: string; gatewayOrderId: string | null; paymentReference: string | null },
): Promise<{
  state: GatewayState;
  payments: { id: string; status: GatewayPayment['status']; method: string | null }[];
}> {
  if (!order.gatewayOrderId) return { state: 'not_created', payments: [] };
  // Paid: the gateway captured it (refunds, with their own status, are listed apart).
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return { state: 'captured', payments: [] };
  if (!gateway) return { state: 'unknown', payments: [] };
  try {
    const found = await gateway.fetchOrderPayments(order.gatewayOrderId);
    const payments = found.map((p) => ({ id: p.id, status: p.status, method: p.method }));
    const has = (status: GatewayPayment['status']) => found.some((p) => p.status === status);
    const state: GatewayState = has('captured')
      ? 'captured'
      : has('authorized')
        ? 'authorized'
        : has('refunded')
          ? 'refunded'
          : has('failed')
            ? 'failed'
            : 'created';
    return { state, payments };
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    logger.warn({ gatewayOrderId: order.gatewayOrderId, err }, 'staff order: the gateway could not be asked');
    return { state: 'unknown', payments: [] };
  }
}

/** A gateway order's state as staff read it (gatewayPaymentState). */
export type GatewayState = 'not_created' | 'created' | 'failed' | 'authorized' | 'captured' | 'refunded' | 'unknown';

/**
 * A gateway webhook: verified and parsed by the gateway (WebhookSignatureError: the route answers
 * 400, nothing changes), refused when made longer ago than the gateway's retry window
 * (WebhookStaleError: 400, nothing changes), de-duplicated by its delivery id and by its own key
 * (its type and entity ids, inside the signature: a replay under a new delivery id is a
 * duplicate), then acted on. Payment events confirm the payment; `qr_code.credited` settles a UPI
 * QR paid at the door (upi-qr.ts); refund events settle the refund;
 * anything else is recorded and ignored. Throws GatewayError when the gateway could not be asked
 * (the route answers 503; the gateway retries).
 */
export async function handlePaymentWebhook(
  db: Database,
  gateway: PaymentGateway,
  rawBody: string,
  headers: Headers,
): Promise<string> {
  const { eventId, createdAt, event } = gateway.parseWebhook(rawBody, headers);
  if (Date.now() - createdAt * 1000 > WEBHOOK_MAX_AGE_MS) throw new WebhookStaleError(createdAt);
  const type = event.type === 'other' ? event.name : event.type;
  const seen = { eventId, eventKey: webhookEventKey(event), type };
  if (await eventSeen(db, seen)) return 'duplicate';
  switch (event.type) {
    case 'payment.authorized':
    case 'payment.captured':
    case 'order.paid':
      return confirmPayment(db, gateway, event.payment, seen);
    case 'qr_code.credited':
      return settleQrPayment(db, gateway, event.qrCode.id, event.payment, seen);
    case 'refund.created':
    case 'refund.processed':
    case 'refund.failed': {
      const refund = event.refund;
      return db.transaction(async (tx) => {
        if (!(await recordEvent(tx, seen))) return 'duplicate';
        return (await settleRefund(tx, refund)) ? 'refund_settled' : 'refund_unchanged';
      });
    }
    default:
      // payment.failed: the checkout lets the customer try again; a decline, abandon or expiry releases it.
      await recordEvent(db, seen);
      return 'ignored';
  }
}
