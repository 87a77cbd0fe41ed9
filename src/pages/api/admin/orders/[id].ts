/** GET /api/admin/orders/{id}: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { staffOrderEndpoint } from '#features/orders/routes.ts';

export const { GET, HEAD, ALL } = mount(staffOrderEndpoint);
