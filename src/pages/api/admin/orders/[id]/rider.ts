/** PUT /api/admin/orders/{id}/rider: src/features/fulfilment (contract.ts, routes.ts). */

import { assignRiderEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PUT, ALL } = mount(assignRiderEndpoint);
