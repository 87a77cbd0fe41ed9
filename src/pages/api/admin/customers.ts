/** GET /api/admin/customers: src/features/account (contract.ts, routes.ts). */

import { adminCustomersEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(adminCustomersEndpoint);
