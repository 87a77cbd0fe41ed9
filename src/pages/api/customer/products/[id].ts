/** GET /api/customer/products/{id}: src/features/catalog (contract.ts, routes.ts). */

import { subcategoryProductsEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(subcategoryProductsEndpoint);
