/** PUT /api/admin/orders/{id}/lines/{line}/substitute: src/features/orders (contract.ts, routes.ts, server/packing.ts). */
import { mount } from '#lib/http/handler.ts';
import { substituteLineEndpoint } from '#features/orders/routes.ts';

export const { PUT, ALL } = mount(substituteLineEndpoint);
