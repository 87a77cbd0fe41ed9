/** GET /api/customer/buy-again: src/features/buy-again (contract.ts, routes.ts). */

import { buyAgainEndpoint } from '#features/buy-again/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(buyAgainEndpoint);
