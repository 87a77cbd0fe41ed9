/** PATCH /api/admin/slots/{zone}/{slot}: src/features/delivery (contract.ts, routes.ts). */

import { updateAdminSlotEndpoint } from '#features/delivery/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PATCH, ALL } = mount(updateAdminSlotEndpoint);
