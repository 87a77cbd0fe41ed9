/** GET /api/admin/picking: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { pickingEndpoint } from '#features/orders/routes.ts';

export const { GET, HEAD, ALL } = mount(pickingEndpoint);
