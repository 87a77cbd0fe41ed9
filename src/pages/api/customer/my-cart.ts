/** GET /api/customer/my-cart: src/features/cart (contract.ts, routes.ts). */

import { myCartEndpoint } from '#features/cart/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(myCartEndpoint);
