/** POST /api/customer/delete-product: src/features/cart (contract.ts, routes.ts). */

import { deleteProductEndpoint } from '#features/cart/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(deleteProductEndpoint);
