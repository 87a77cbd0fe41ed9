/**
 * The payments feature's server surface: what pages, scripts, the server and other features use of its server code.
 * The gateway interface and its errors (server/gateway.ts), the configured gateway, Razorpay's gateway, the local
 * payment simulator (simulator/), and an online order's payment from its start to its settlement (ADR 0075): the
 * checkout payment, confirmation, the customer's callbacks, the payments job, refunds (ADR 0076), and the
 * settlement through which the orders feature moves the order (server/order-settlement.ts); the
 * UPI QR at the door (server/upi-qr.ts, ADR 0141).
 */

export { getPaymentGateway } from './server/configured.ts';
export {
  GATEWAY_TIMEOUT_MS,
  GatewayError,
  type GatewayEvent,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayQrCode,
  type GatewayRefund,
  type GatewayWebhook,
  type PaymentGateway,
  WebhookSignatureError,
  WebhookStaleError,
} from './server/gateway.ts';
export { type OrderSettlement, registerOrderSettlement } from './server/order-settlement.ts';
export {
  type CheckoutPayment,
  checkoutPaymentJson,
  PAYMENT_FAILED,
  PAYMENT_INIT_FAILED,
  pendingCheckoutPayment,
  startOnlinePayment,
} from './server/payment.ts';
export {
  cancelCheckoutPayment,
  checkCheckoutPayment,
  type GatewayState,
  gatewayPaymentState,
  type PaymentCheck,
  verifyCheckoutPayment,
} from './server/payment-callbacks.ts';
export { confirmPayment } from './server/payment-confirm.ts';
export { paymentsJob, runPaymentJobs } from './server/payment-jobs.ts';
export {
  type OrderRefund,
  refundsFor,
  requestRefund,
  retryPaymentRefund,
  sendRefund,
} from './server/payment-refunds.ts';
export { RazorpayGateway, type RazorpayGatewayOptions } from './server/razorpay.ts';
export {
  makeUpiQr,
  type QrOutcome,
  settleQrPayment,
  UPI_QR_ASK_AFTER_MS,
  type UpiQrState,
  upiQrAvailable,
  upiQrState,
} from './server/upi-qr.ts';
export {
  type PaymentSimulator,
  type PaymentSimulatorOptions,
  startPaymentSimulator,
} from './simulator/server.ts';
export { SIMULATOR_KEYS, type SimulatorSettings } from './simulator/settings.ts';
export { startConfiguredSimulator, WEBHOOK_PATH } from './simulator/startup.ts';
