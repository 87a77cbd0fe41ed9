/** GET /api/admin/picking: src/features/fulfilment (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { pickingListEndpoint } from '#features/fulfilment/routes.ts';

export const { GET, HEAD, ALL } = mount(pickingListEndpoint);
