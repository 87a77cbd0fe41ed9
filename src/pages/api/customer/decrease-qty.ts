/** POST /api/customer/decrease-qty: src/features/cart (contract.ts, routes.ts). */

import { decreaseQtyEndpoint } from '#features/cart/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(decreaseQtyEndpoint);
