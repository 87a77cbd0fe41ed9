/** POST /api/admin/media: src/features/media (contract.ts, routes.ts). */

import { uploadMediaEndpoint } from '#features/media/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(uploadMediaEndpoint);
