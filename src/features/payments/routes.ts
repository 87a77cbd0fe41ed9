/** The payments feature's handlers (contract.ts; mounted under src/pages/api/payments). */
import { getConfig } from '#lib/config.ts';
import { AppError, badRequest, notFound } from '#lib/http/envelope.ts';
import { implement } from '#lib/http/handler.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { logger } from '#lib/log.ts';
import { simulatorPayRoute } from './contract.ts';
import { GatewayError } from './server/gateway.ts';
import { payWithSimulator, SimulatorDeclinedError } from './server/simulator-checkout.ts';

/** The spec's text for a payment that did not go through. */
const PAYMENT_FAILED = 'Payment processing failed.';

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
