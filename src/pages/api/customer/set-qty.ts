/** POST /api/customer/set-qty: src/features/cart (contract.ts, routes.ts). */

import { setQtyEndpoint } from '#features/cart/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(setQtyEndpoint);
