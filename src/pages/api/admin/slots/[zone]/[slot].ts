/** PATCH /api/admin/slots/{zone}/{slot}: src/features/delivery (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { updateAdminSlotEndpoint } from '#features/delivery/routes.ts';

export const { PATCH, ALL } = mount(updateAdminSlotEndpoint);
