/** POST /api/admin/balance-approvals/{id}/cancel: src/features/account (contract.ts, routes.ts). */

import { cancelAdjustmentEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(cancelAdjustmentEndpoint);
