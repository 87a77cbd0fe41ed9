/** GET /api/admin/customers/{id}: src/features/account (contract.ts, routes.ts). */

import { adminCustomerEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(adminCustomerEndpoint);
