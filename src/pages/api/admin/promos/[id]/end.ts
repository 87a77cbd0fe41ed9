/** POST /api/admin/promos/{id}/end: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { endPromoEndpoint } from '#features/orders/routes.ts';

export const { POST, ALL } = mount(endPromoEndpoint);
