/** POST /api/admin/customers/{id}/points: src/features/account (contract.ts, routes.ts). */

import { adjustPointsEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(adjustPointsEndpoint);
