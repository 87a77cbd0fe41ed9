/** GET /api/customer/payments/pending: src/features/orders (contract.ts, routes.ts). */

import { pendingPaymentEndpoint } from '#features/orders/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(pendingPaymentEndpoint);
