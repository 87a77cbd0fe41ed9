/** POST /api/admin/complaints/{id}/resolve: src/features/complaints (contract.ts, routes.ts). */
import { resolveComplaintEndpoint } from '#features/complaints/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(resolveComplaintEndpoint);
