/** GET /api/admin/board: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { boardEndpoint } from '#features/orders/routes.ts';

export const { GET, HEAD, ALL } = mount(boardEndpoint);
