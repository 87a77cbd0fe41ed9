/** POST /api/customer/set-substitution: src/features/cart (contract.ts, routes.ts). */

import { setSubstitutionEndpoint } from '#features/cart/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(setSubstitutionEndpoint);
