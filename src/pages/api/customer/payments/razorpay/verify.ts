/** POST /api/customer/payments/razorpay/verify: src/features/orders (contract.ts, routes.ts). */

import { verifyPaymentEndpoint } from '#features/orders/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(verifyPaymentEndpoint);
