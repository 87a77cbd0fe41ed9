/** POST /api/admin/customers/{id}/credit: src/features/account (contract.ts, routes.ts). */

import { adjustCreditEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(adjustCreditEndpoint);
