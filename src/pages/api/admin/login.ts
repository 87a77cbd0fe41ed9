/** POST /api/admin/login: src/features/admin (contract.ts, routes.ts). */

import { staffLoginEndpoint } from '#features/admin/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(staffLoginEndpoint);
