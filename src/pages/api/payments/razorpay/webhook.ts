/** POST /api/payments/razorpay/webhook: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { paymentWebhookEndpoint } from '#features/orders/routes.ts';

export const { POST, ALL } = mount(paymentWebhookEndpoint);
