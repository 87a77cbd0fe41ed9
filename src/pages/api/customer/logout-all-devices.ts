/** POST /api/customer/logout-all-devices: src/features/auth (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { logoutAllDevicesEndpoint } from '#features/auth/routes.ts';

export const { POST, ALL } = mount(logoutAllDevicesEndpoint);
