/** POST /api/customer/set-qty: src/features/cart (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { setQtyEndpoint } from '#features/cart/routes.ts';

export const { POST, ALL } = mount(setQtyEndpoint);
