/** POST /api/admin/orders/{id}/cancel: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { staffCancelEndpoint } from '#features/orders/routes.ts';

export const { POST, ALL } = mount(staffCancelEndpoint);
