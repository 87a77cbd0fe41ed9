/** POST /api/admin/promos/{id}/end: src/features/promotions (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { endPromoEndpoint } from '#features/promotions/routes.ts';

export const { POST, ALL } = mount(endPromoEndpoint);
