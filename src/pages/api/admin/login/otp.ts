/** POST /api/admin/login/otp: src/features/admin (contract.ts, routes.ts). */

import { staffOtpEndpoint } from '#features/admin/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(staffOtpEndpoint);
