/** POST /api/customer/payments/razorpay/cancel: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { cancelPaymentEndpoint } from '#features/orders/routes.ts';

export const { POST, ALL } = mount(cancelPaymentEndpoint);
