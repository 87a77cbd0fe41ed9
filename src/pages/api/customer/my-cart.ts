/** GET /api/customer/my-cart: src/features/cart (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { myCartEndpoint } from '#features/cart/routes.ts';

export const { GET, HEAD, ALL } = mount(myCartEndpoint);
