/** GET /api/admin/slots: src/features/delivery (contract.ts, routes.ts). */

import { adminSlotsEndpoint } from '#features/delivery/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(adminSlotsEndpoint);
