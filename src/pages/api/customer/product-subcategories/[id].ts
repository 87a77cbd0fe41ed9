/** GET /api/customer/product-subcategories/{id}: src/features/catalog (contract.ts, routes.ts). */

import { categoryProductsEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(categoryProductsEndpoint);
