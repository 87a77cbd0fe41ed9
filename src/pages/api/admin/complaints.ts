/** GET /api/admin/complaints: src/features/complaints (contract.ts, routes.ts). */
import { adminComplaintsEndpoint } from '#features/complaints/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(adminComplaintsEndpoint);
