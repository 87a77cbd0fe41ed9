/** GET /api/admin/balance-approvals: src/features/account (contract.ts, routes.ts). */

import { balanceApprovalsEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(balanceApprovalsEndpoint);
