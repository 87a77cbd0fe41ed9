/** POST /api/admin/balance-approvals/{id}/approve: src/features/account (contract.ts, routes.ts). */

import { approveAdjustmentEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(approveAdjustmentEndpoint);
