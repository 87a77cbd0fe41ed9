/** POST /api/customer/verify-phone: src/features/account (contract.ts, routes.ts). */

import { verifyPhoneEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(verifyPhoneEndpoint);
