/** GET /api/admin/orders/{id}: src/features/fulfilment (contract.ts, routes.ts). */

import { staffOrderEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(staffOrderEndpoint);
