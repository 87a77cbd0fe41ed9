/** GET /api/admin/board/version: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { boardVersionEndpoint } from '#features/orders/routes.ts';

export const { GET, HEAD, ALL } = mount(boardVersionEndpoint);
