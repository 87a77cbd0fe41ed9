/** GET /api/admin/deliveries: src/features/fulfilment (contract.ts, routes.ts). */

import { deliveriesEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(deliveriesEndpoint);
