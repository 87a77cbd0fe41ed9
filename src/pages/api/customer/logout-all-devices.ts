/** POST /api/customer/logout-all-devices: src/features/auth (contract.ts, routes.ts). */

import { logoutAllDevicesEndpoint } from '#features/auth/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(logoutAllDevicesEndpoint);
