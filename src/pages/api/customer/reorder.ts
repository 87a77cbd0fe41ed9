/** POST /api/customer/reorder: src/features/orders (contract.ts, routes.ts). */

import { reorderEndpoint } from '#features/orders/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(reorderEndpoint);
