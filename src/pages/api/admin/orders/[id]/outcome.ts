/** POST /api/admin/orders/{id}/outcome: src/features/fulfilment (door-contract.ts, routes.ts). */

import { recordOutcomeEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(recordOutcomeEndpoint);
