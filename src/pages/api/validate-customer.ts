/** POST /api/validate-customer: src/features/auth (contract.ts, routes.ts). */

import { validateCustomerEndpoint } from '#features/auth/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(validateCustomerEndpoint);
