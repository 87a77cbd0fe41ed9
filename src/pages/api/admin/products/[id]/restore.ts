/** POST /api/admin/products/{id}/restore: src/features/catalog (contract.ts, routes.ts). */

import { restoreAdminProductEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(restoreAdminProductEndpoint);
