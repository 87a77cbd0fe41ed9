/** POST /api/customer/increase-qty: src/features/cart (contract.ts, routes.ts). */

import { increaseQtyEndpoint } from '#features/cart/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(increaseQtyEndpoint);
