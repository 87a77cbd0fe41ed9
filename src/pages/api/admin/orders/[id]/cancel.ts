/** POST /api/admin/orders/{id}/cancel: src/features/fulfilment (contract.ts, routes.ts). */

import { staffCancelEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(staffCancelEndpoint);
