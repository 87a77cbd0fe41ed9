/** POST /api/register: src/features/auth (contract.ts, routes.ts). */

import { registerEndpoint } from '#features/auth/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(registerEndpoint);
