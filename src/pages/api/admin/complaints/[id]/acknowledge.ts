/** POST /api/admin/complaints/{id}/acknowledge: src/features/complaints (contract.ts, routes.ts). */
import { acknowledgeComplaintEndpoint } from '#features/complaints/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(acknowledgeComplaintEndpoint);
