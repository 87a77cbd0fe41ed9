/** POST /api/admin/balance-approvals/{id}/reject: src/features/account (contract.ts, routes.ts). */

import { rejectAdjustmentEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(rejectAdjustmentEndpoint);
