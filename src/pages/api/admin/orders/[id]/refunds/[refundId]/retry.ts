/** POST /api/admin/orders/{id}/refunds/{refundId}/retry: src/features/payments (contract.ts, routes.ts). */

import { retryRefundEndpoint } from '#features/payments/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(retryRefundEndpoint);
