/** POST /api/customer/decrease-qty: src/features/cart (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { decreaseQtyEndpoint } from '#features/cart/routes.ts';

export const { POST, ALL } = mount(decreaseQtyEndpoint);
