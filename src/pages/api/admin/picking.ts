/** GET /api/admin/picking: src/features/fulfilment (contract.ts, routes.ts). */

import { pickingListEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(pickingListEndpoint);
