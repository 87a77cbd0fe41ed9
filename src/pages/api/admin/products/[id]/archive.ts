/** POST /api/admin/products/{id}/archive: src/features/catalog (contract.ts, routes.ts). */

import { archiveAdminProductEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(archiveAdminProductEndpoint);
