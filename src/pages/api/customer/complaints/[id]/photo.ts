/** GET /api/customer/complaints/{id}/photo: src/features/complaints (contract.ts, routes.ts). */
import { customerPhotoEndpoint } from '#features/complaints/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(customerPhotoEndpoint);
