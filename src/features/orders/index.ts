/**
 * The orders feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { onOrderConfirmed, type OrderConfirmedListener } from './server/confirmation.ts';
export { checkoutPaymentJson, type CheckoutPayment } from './server/payment.ts';
export { runPaymentJobs, schedulePaymentJobs } from './server/payment-jobs.ts';
export { placeOrder } from './server/place-order.ts';
export { visible } from './server/queries.ts';
export { quoteJson, quoteOrder } from './server/quote.ts';
export { orderJson } from './server/order-json.ts';
export { advanceOrder } from './server/status.ts';
export { loadTrackPage, LOGIN_REDIRECT_MS } from './server/track.ts';
export { boardVersion, readBoard, riderDeliveries } from './server/order-board.ts';
export { listRiders, staffOrder } from './server/staff-orders.ts';
export { boardJson, boardOrderJson, staffOrderJson } from './server/staff-order-json.ts';
export { refundsFor, retryPaymentRefund, sendRefund } from './server/payment-refunds.ts';
export { confirmPayment } from './server/payment-confirm.ts';
