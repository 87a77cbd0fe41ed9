/** GET and POST /api/admin/promos: src/features/promotions (contract.ts, routes.ts). */

import { adminPromosEndpoint, createPromoEndpoint } from '#features/promotions/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, POST, ALL } = mount(adminPromosEndpoint, createPromoEndpoint);
