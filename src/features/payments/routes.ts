/**
 * The payments feature's handlers (contract.ts; mounted by src/pages/api/payments/simulator/pay.ts,
 * src/pages/api/payments/razorpay/webhook.ts, src/pages/api/admin/orders/[id]/refunds/[refundId]/retry.ts
 * and src/pages/api/admin/orders/[id]/upi-qr.ts).
 *
 * The webhook carries no session and no cookies: the Origin check (src/lib/http/request-origin.ts)
 * lets such requests through, and the gateway's signature over the raw body is what it must prove.
 */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getConfig } from '#lib/config.ts';
import { getDb } from '#lib/db/index.ts';
import { AppError, api, badRequest, notFound, ok, readRawBody } from '#lib/http/envelope.ts';
import { implement } from '#lib/http/handler.ts';
import { logger } from '#lib/log.ts';
import {
  makeUpiQrRoute,
  paymentWebhookRoute,
  retryRefundRoute,
  simulatorPayRoute,
  type UpiQrJson,
  upiQrStateRoute,
} from './contract.ts';
import { getPaymentGateway } from './server/configured.ts';
import { GatewayError, WebhookSignatureError, WebhookStaleError } from './server/gateway.ts';
import { PAYMENT_FAILED } from './server/payment.ts';
import { handlePaymentWebhook } from './server/payment-callbacks.ts';
import { retryPaymentRefund } from './server/payment-refunds.ts';
import { payWithSimulator, SimulatorDeclinedError } from './server/simulator-checkout.ts';
import { makeUpiQr, type UpiQrState, upiQrState } from './server/upi-qr.ts';

export const simulatorPayEndpoint = implement(simulatorPayRoute, async ({ body, ctx }) => {
  if (getConfig().PAYMENT_GATEWAY !== 'simulator') throw notFound('Not found.');
  try {
    const callback = await payWithSimulator({ orderId: body.order_id, method: body.method, outcome: body.outcome });
    return { data: callback, headers: NO_STORE };
  } catch (err) {
    if (err instanceof SimulatorDeclinedError)
      throw new AppError('payment_required', PAYMENT_FAILED, {
        data: { description: err.message, razorpay_payment_id: err.paymentId, razorpay_order_id: body.order_id },
      });
    if (err instanceof GatewayError && err.status === 400) throw badRequest(err.message.replace(/^.*?: /, ''));
    logger.error({ err, reqId: ctx.locals.reqId }, 'payment simulator unreachable');
    throw new AppError('unavailable', PAYMENT_FAILED);
  }
});

/** The webhook: raw body within the body cap, signature checked by the gateway (400), one older than the retry window refused (400), 503 when the gateway cannot be asked. */
export const paymentWebhookEndpoint = {
  contract: paymentWebhookRoute,
  endpoint: api(async (ctx) => {
    const gateway = getPaymentGateway();
    if (!gateway) throw new AppError('not_found', 'Online payment is not enabled.');
    const raw = await readRawBody(ctx.request);
    try {
      const outcome = await handlePaymentWebhook(await getDb(), gateway, raw, ctx.request.headers);
      return ok({ outcome }, { headers: NO_STORE });
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        logger.warn({ reqId: ctx.locals.reqId }, 'webhook refused: signature missing or invalid');
        throw new AppError('bad_request', 'The webhook signature is missing or invalid.');
      }
      if (err instanceof WebhookStaleError) {
        logger.warn(
          { reqId: ctx.locals.reqId, createdAt: new Date(err.createdAt * 1000).toISOString() },
          'webhook refused: older than the gateway retry window (a replay)',
        );
        throw new AppError('bad_request', 'The webhook is older than the retry window.');
      }
      if (err instanceof GatewayError) {
        logger.warn({ reqId: ctx.locals.reqId, err }, 'webhook: the gateway could not be asked; it retries');
        throw new AppError('unavailable', 'The payment could not be settled now. Please retry.');
      }
      throw err;
    }
  }),
};

export const retryRefundEndpoint = implement(retryRefundRoute, async ({ params, actor }) => {
  const db = await getDb();
  const after = await retryPaymentRefund(db, getPaymentGateway(), params.id, params.refundId, actor);
  return {
    message: after.status === 'failed' ? 'The gateway refused the refund again.' : 'Refund sent again.',
    data: { refund: { id: params.refundId, status: after.status, failure_reason: after.failureReason } },
    headers: NO_STORE,
  };
});

/** An order's UPI QR state as its JSON. */
function upiQrJson(state: UpiQrState): UpiQrJson {
  const qr = state.qr;
  return {
    order_id: state.orderId,
    status: state.status,
    amount_due_paise: state.amountDuePaise,
    order_payment_status: state.orderPaymentStatus,
    qr: qr
      ? {
          id: qr.id,
          amount_paise: qr.amountPaise,
          image_url: qr.imageUrl,
          close_by: qr.closeBy.toISOString(),
          paid_at: qr.paidAt?.toISOString() ?? null,
          payment_id: qr.paymentId,
        }
      : null,
  };
}

export const makeUpiQrEndpoint = implement(makeUpiQrRoute, async ({ params, staff, actor }) => {
  const state = await makeUpiQr(await getDb(), getPaymentGateway(), params.id, staff, actor);
  return { data: { upi_qr: upiQrJson(state) }, headers: NO_STORE };
});

export const upiQrStateEndpoint = implement(upiQrStateRoute, async ({ params, staff }) => {
  const state = await upiQrState(await getDb(), getPaymentGateway(), params.id, staff);
  return { data: { upi_qr: upiQrJson(state) }, headers: NO_STORE };
});
