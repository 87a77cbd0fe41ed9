/** POST /api/customer/add-product: src/features/cart (contract.ts, routes.ts). */

import { addProductEndpoint } from '#features/cart/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(addProductEndpoint);
