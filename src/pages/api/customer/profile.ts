/** GET /api/customer/profile: src/features/account (contract.ts, routes.ts). */

import { profileEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(profileEndpoint);
