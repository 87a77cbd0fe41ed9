/** GET /api/customer/search-products: src/features/search (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { searchProductsEndpoint } from '#features/search/routes.ts';

export const { GET, HEAD, ALL } = mount(searchProductsEndpoint);
