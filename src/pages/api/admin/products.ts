/** GET /api/admin/products: src/features/catalog (contract.ts, routes.ts). */

import { adminProductsEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(adminProductsEndpoint);
