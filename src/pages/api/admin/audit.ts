/** GET /api/admin/audit: src/features/admin (contract.ts, routes.ts). */

import { auditEndpoint } from '#features/admin/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(auditEndpoint);
