/** GET /api/customer/my-orders: src/features/orders (contract.ts, routes.ts). */

import { myOrdersEndpoint } from '#features/orders/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(myOrdersEndpoint);
