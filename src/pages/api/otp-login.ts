/** POST /api/otp-login: src/features/auth (contract.ts, routes.ts). */

import { otpLoginEndpoint } from '#features/auth/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(otpLoginEndpoint);
