/** POST /api/customer/set-substitution: src/features/substitutions (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { setSubstitutionEndpoint } from '#features/substitutions/routes.ts';

export const { POST, ALL } = mount(setSubstitutionEndpoint);
