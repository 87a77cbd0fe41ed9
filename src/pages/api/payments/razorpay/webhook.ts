/** POST /api/payments/razorpay/webhook: src/features/payments (contract.ts, routes.ts). */

import { paymentWebhookEndpoint } from '#features/payments/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(paymentWebhookEndpoint);
