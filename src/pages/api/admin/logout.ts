/** POST /api/admin/logout: src/features/admin (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { staffLogoutEndpoint } from '#features/admin/routes.ts';

export const { POST, ALL } = mount(staffLogoutEndpoint);
