/** POST /api/customer/cancel-order: src/features/orders (contract.ts, routes.ts). */

import { cancelOrderEndpoint } from '#features/orders/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(cancelOrderEndpoint);
