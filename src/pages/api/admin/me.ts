/** GET /api/admin/me: src/features/admin (contract.ts, routes.ts). */

import { staffMeEndpoint } from '#features/admin/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(staffMeEndpoint);
