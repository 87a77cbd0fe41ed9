/** GET /api/customer/orders/{id}: src/features/orders (contract.ts, routes.ts). */

import { orderEndpoint } from '#features/orders/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(orderEndpoint);
