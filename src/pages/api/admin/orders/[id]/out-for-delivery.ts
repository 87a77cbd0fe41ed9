/** POST /api/admin/orders/{id}/out-for-delivery: src/features/fulfilment (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { markOutForDeliveryEndpoint } from '#features/fulfilment/routes.ts';

export const { POST, ALL } = mount(markOutForDeliveryEndpoint);
