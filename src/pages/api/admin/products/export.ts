/** GET /api/admin/products/export: src/features/catalog (contract.ts, routes.ts). */

import { exportProductsEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(exportProductsEndpoint);
