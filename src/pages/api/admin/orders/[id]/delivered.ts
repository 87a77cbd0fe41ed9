/** POST /api/admin/orders/{id}/delivered: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { markDeliveredEndpoint } from '#features/orders/routes.ts';

export const { POST, ALL } = mount(markDeliveredEndpoint);
