/** GET and POST /api/admin/products: src/features/catalog (contract.ts, routes.ts). */

import { adminProductsEndpoint, createAdminProductEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, POST, ALL } = mount(adminProductsEndpoint, createAdminProductEndpoint);
