/** PUT /api/admin/orders/{id}/lines/{line}/picked: src/features/fulfilment (contract.ts, routes.ts, server/packing.ts). */
import { mount } from '#lib/http/handler.ts';
import { setPickedEndpoint } from '#features/fulfilment/routes.ts';

export const { PUT, ALL } = mount(setPickedEndpoint);
