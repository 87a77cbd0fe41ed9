/** POST /api/customer/update-profile: src/features/account (contract.ts, routes.ts). */

import { updateProfileEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(updateProfileEndpoint);
