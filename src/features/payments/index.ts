/**
 * The payments feature's server surface: what pages, scripts, the server and other features use of its server code.
 * The gateway interface and its errors (server/gateway.ts), the configured gateway, Razorpay's gateway, and the
 * local payment simulator (simulator/).
 */
export {
  GATEWAY_TIMEOUT_MS,
  GatewayError,
  type GatewayEvent,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayWebhook,
  type PaymentGateway,
  WebhookSignatureError,
} from './server/gateway.ts';
export { getPaymentGateway } from './server/configured.ts';
export { RazorpayGateway, type RazorpayGatewayOptions } from './server/razorpay.ts';
export {
  type PaymentSimulator,
  type PaymentSimulatorOptions,
  startPaymentSimulator,
} from './simulator/server.ts';
export { SIMULATOR_KEYS, type SimulatorSettings } from './simulator/settings.ts';
export { startConfiguredSimulator, WEBHOOK_PATH } from './simulator/startup.ts';
