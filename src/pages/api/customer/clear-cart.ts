/** POST /api/customer/clear-cart: src/features/cart (contract.ts, routes.ts). */

import { clearCartEndpoint } from '#features/cart/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(clearCartEndpoint);
