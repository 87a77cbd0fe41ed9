/** POST /api/admin/logout: src/features/admin (contract.ts, routes.ts). */

import { staffLogoutEndpoint } from '#features/admin/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(staffLogoutEndpoint);
