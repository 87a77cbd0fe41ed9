/** PUT /api/admin/orders/{id}/lines/{line}/picked: src/features/fulfilment (contract.ts, routes.ts, server/packing.ts). */

import { setPickedEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PUT, ALL } = mount(setPickedEndpoint);
