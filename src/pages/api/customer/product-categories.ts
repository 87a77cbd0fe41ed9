/** GET /api/customer/product-categories: src/features/catalog (contract.ts, routes.ts). */

import { listCategoriesEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(listCategoriesEndpoint);
