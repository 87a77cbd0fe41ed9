/** POST /api/admin/login: src/features/admin (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { staffLoginEndpoint } from '#features/admin/routes.ts';

export const { POST, ALL } = mount(staffLoginEndpoint);
