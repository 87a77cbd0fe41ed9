/** GET /api/customer/product-details/{id}: src/features/catalog (contract.ts, routes.ts). */

import { productDetailsEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(productDetailsEndpoint);
