/** GET /api/admin/customers: src/features/account (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { adminCustomersEndpoint } from '#features/account/routes.ts';

export const { GET, HEAD, ALL } = mount(adminCustomersEndpoint);
