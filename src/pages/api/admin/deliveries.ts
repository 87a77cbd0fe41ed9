/** GET /api/admin/deliveries: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { deliveriesEndpoint } from '#features/orders/routes.ts';

export const { GET, HEAD, ALL } = mount(deliveriesEndpoint);
