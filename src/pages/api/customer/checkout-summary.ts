/** GET /api/customer/checkout-summary: src/features/checkout (contract.ts, routes.ts). */

import { checkoutSummaryEndpoint } from '#features/checkout/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(checkoutSummaryEndpoint);
