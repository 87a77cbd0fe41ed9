/**
 * Razorpay's entities as its REST API and webhooks send them (the fields the shop reads), parsed
 * with zod and mapped to the gateway interface's types (gateway.ts). Amounts are integers in paise.
 * `notes` arrive as an object, or as `[]` when empty.
 */
import { z } from 'zod';
import type { GatewayEvent, GatewayOrder, GatewayPayment, GatewayQrCode, GatewayRefund } from './gateway.ts';

const notes = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish()
  .transform(
    (value): Record<string, string> =>
      value && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {},
  );

const paise = z.number().int().nonnegative();

export const orderEntity = z.object({
  id: z.string(),
  amount: paise,
  currency: z.string(),
  receipt: z.string().nullish(),
  status: z.enum(['created', 'attempted', 'paid']),
});

export const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: paise,
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  method: z.string().nullish(),
  error_description: z.string().nullish(),
});

export const refundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: paise,
  status: z.enum(['pending', 'processed', 'failed']),
  notes,
});

/** A QR code (QR Codes API); `close_by` arrives as a number or, in some webhooks, a numeric string. */
export const qrCodeEntity = z.object({
  id: z.string(),
  payment_amount: paise.nullish(),
  status: z.enum(['active', 'closed']),
  image_url: z.string(),
  close_by: z.coerce.number().int().nonnegative().nullish(),
  notes,
});

/** A list answer: `{ entity: 'collection', count, items }`. */
export const collectionOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** Razorpay's error answer. */
export const errorBody = z.object({
  error: z.object({ code: z.string().nullish(), description: z.string().nullish() }),
});

/** A webhook's body: the event's name, when it was made (Unix seconds) and the entities it carries. */
export const webhookBody = z.object({
  event: z.string(),
  created_at: z.number().int().nonnegative(),
  payload: z
    .object({
      payment: z.object({ entity: z.unknown() }).optional(),
      order: z.object({ entity: z.unknown() }).optional(),
      refund: z.object({ entity: z.unknown() }).optional(),
      qr_code: z.object({ entity: z.unknown() }).optional(),
    })
    .default({}),
});

/** A Razorpay order as the interface's GatewayOrder. */
export function toOrder(order: z.infer<typeof orderEntity>): GatewayOrder {
  return {
    id: order.id,
    amountPaise: order.amount,
    currency: order.currency,
    receipt: order.receipt ?? '',
    status: order.status,
  };
}

/** A Razorpay payment as the interface's GatewayPayment. */
export function toPayment(payment: z.infer<typeof paymentEntity>): GatewayPayment {
  return {
    id: payment.id,
    orderId: payment.order_id ?? '',
    amountPaise: payment.amount,
    currency: payment.currency,
    status: payment.status,
    method: payment.method ?? null,
    errorDescription: payment.error_description ?? null,
  };
}

/** A Razorpay refund as the interface's GatewayRefund. */
export function toRefund(refund: z.infer<typeof refundEntity>): GatewayRefund {
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    amountPaise: refund.amount,
    status: refund.status,
    notes: refund.notes,
  };
}

/** A Razorpay QR code as the interface's GatewayQrCode. */
export function toQrCode(qr: z.infer<typeof qrCodeEntity>): GatewayQrCode {
  return {
    id: qr.id,
    amountPaise: qr.payment_amount ?? 0,
    status: qr.status,
    imageUrl: qr.image_url,
    closeBy: qr.close_by ?? 0,
    notes: qr.notes,
  };
}

const PAYMENT_EVENTS = new Set(['payment.authorized', 'payment.captured', 'payment.failed']);
const REFUND_EVENTS = new Set(['refund.created', 'refund.processed', 'refund.failed']);

/** A verified webhook body as a GatewayEvent; throws a ZodError when an entity the event needs is missing. */
export function toEvent(body: z.infer<typeof webhookBody>): GatewayEvent {
  const { event, payload } = body;
  if (PAYMENT_EVENTS.has(event))
    return {
      type: event as 'payment.authorized' | 'payment.captured' | 'payment.failed',
      payment: toPayment(paymentEntity.parse(payload.payment?.entity)),
    };
  if (event === 'order.paid')
    return {
      type: 'order.paid',
      order: toOrder(orderEntity.parse(payload.order?.entity)),
      payment: toPayment(paymentEntity.parse(payload.payment?.entity)),
    };
  if (REFUND_EVENTS.has(event))
    return {
      type: event as 'refund.created' | 'refund.processed' | 'refund.failed',
      refund: toRefund(refundEntity.parse(payload.refund?.entity)),
    };
  if (event === 'qr_code.credited')
    return {
      type: 'qr_code.credited',
      qrCode: toQrCode(qrCodeEntity.parse(payload.qr_code?.entity)),
      payment: toPayment(paymentEntity.parse(payload.payment?.entity)),
    };
  return { type: 'other', name: event };
}
