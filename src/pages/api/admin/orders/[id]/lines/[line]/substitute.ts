/** PUT /api/admin/orders/{id}/lines/{line}/substitute: src/features/fulfilment (contract.ts, routes.ts, server/packing.ts). */

import { substituteLineEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PUT, ALL } = mount(substituteLineEndpoint);
