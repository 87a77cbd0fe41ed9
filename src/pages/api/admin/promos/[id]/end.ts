/** POST /api/admin/promos/{id}/end: src/features/promotions (contract.ts, routes.ts). */

import { endPromoEndpoint } from '#features/promotions/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(endPromoEndpoint);
