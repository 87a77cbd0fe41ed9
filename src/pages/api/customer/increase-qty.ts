/** POST /api/customer/increase-qty: src/features/cart (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { increaseQtyEndpoint } from '#features/cart/routes.ts';

export const { POST, ALL } = mount(increaseQtyEndpoint);
