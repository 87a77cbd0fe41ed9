/** POST /api/logout: src/features/auth (contract.ts, routes.ts). */

import { logoutEndpoint } from '#features/auth/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(logoutEndpoint);
