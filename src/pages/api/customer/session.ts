/** GET /api/customer/session: src/features/auth (contract.ts, routes.ts). */

import { sessionEndpoint } from '#features/auth/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(sessionEndpoint);
