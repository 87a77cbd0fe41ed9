/** PUT /api/admin/orders/{id}/rider: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { assignRiderEndpoint } from '#features/orders/routes.ts';

export const { PUT, ALL } = mount(assignRiderEndpoint);
