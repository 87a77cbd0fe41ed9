/** POST /api/customer/place-order: src/features/checkout (contract.ts, routes.ts). */

import { placeOrderEndpoint } from '#features/checkout/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(placeOrderEndpoint);
