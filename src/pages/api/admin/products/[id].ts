/** GET and PATCH /api/admin/products/{id}: src/features/catalog (contract.ts, routes.ts). */

import { adminProductEndpoint, updateAdminProductEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, PATCH, ALL } = mount(adminProductEndpoint, updateAdminProductEndpoint);
