/** POST /api/customer/set-substitution: src/features/cart (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { setSubstitutionEndpoint } from '#features/cart/routes.ts';

export const { POST, ALL } = mount(setSubstitutionEndpoint);
