/** POST /api/customer/payments/razorpay/cancel: src/features/orders (contract.ts, routes.ts). */

import { cancelPaymentEndpoint } from '#features/orders/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(cancelPaymentEndpoint);
