/** POST /api/admin/orders/{id}/outcome/undo: src/features/fulfilment (door-contract.ts, routes.ts). */

import { undoOutcomeEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(undoOutcomeEndpoint);
