/** POST /api/admin/orders/{id}/delivered: src/features/fulfilment (contract.ts, routes.ts). */

import { markDeliveredEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(markDeliveredEndpoint);
