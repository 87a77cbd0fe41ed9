/** POST /api/admin/orders/{id}/outcome/quote: src/features/fulfilment (door-contract.ts, routes.ts). */

import { doorQuoteEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(doorQuoteEndpoint);
