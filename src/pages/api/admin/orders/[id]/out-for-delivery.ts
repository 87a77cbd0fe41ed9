/** POST /api/admin/orders/{id}/out-for-delivery: src/features/fulfilment (contract.ts, routes.ts). */

import { markOutForDeliveryEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(markOutForDeliveryEndpoint);
