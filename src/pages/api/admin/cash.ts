/** GET and PUT /api/admin/cash: src/features/fulfilment (door-contract.ts, routes.ts). */

import { cashDayEndpoint, recordHandoverEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, PUT, ALL } = mount(cashDayEndpoint, recordHandoverEndpoint);
