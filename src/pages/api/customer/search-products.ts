/** GET /api/customer/search-products: src/features/search (contract.ts, routes.ts). */

import { searchProductsEndpoint } from '#features/search/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(searchProductsEndpoint);
