/** POST /api/admin/orders/{id}/returns: src/features/returns (contract.ts, routes.ts). */

import { recordReturnEndpoint } from '#features/returns/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(recordReturnEndpoint);
