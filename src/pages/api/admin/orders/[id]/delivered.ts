/** POST /api/admin/orders/{id}/delivered: src/features/fulfilment (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { markDeliveredEndpoint } from '#features/fulfilment/routes.ts';

export const { POST, ALL } = mount(markDeliveredEndpoint);
