/** POST /api/customer/payments/check: src/features/orders (contract.ts, routes.ts). */

import { checkPaymentEndpoint } from '#features/orders/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(checkPaymentEndpoint);
