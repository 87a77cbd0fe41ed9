/** GET /api/admin/complaints/{id}/photo: src/features/complaints (contract.ts, routes.ts). */
import { adminPhotoEndpoint } from '#features/complaints/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(adminPhotoEndpoint);
