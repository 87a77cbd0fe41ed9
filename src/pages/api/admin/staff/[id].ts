/** PUT and DELETE /api/admin/staff/{id}: src/features/admin (contract.ts, routes.ts). */

import { changeStaffRoleEndpoint, removeStaffEndpoint } from '#features/admin/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PUT, DELETE, ALL } = mount(changeStaffRoleEndpoint, removeStaffEndpoint);
