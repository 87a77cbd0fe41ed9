/** GET and POST /api/admin/staff: src/features/admin (contract.ts, routes.ts). */

import { addStaffEndpoint, listStaffEndpoint } from '#features/admin/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, POST, ALL } = mount(listStaffEndpoint, addStaffEndpoint);
