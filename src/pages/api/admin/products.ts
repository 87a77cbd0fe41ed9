/** GET /api/admin/products: src/features/catalog (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { adminProductsEndpoint } from '#features/catalog/routes.ts';

export const { GET, HEAD, ALL } = mount(adminProductsEndpoint);
