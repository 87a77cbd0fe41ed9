/** GET /api/admin/picking: src/features/picking (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { pickingListEndpoint } from '#features/picking/routes.ts';

export const { GET, HEAD, ALL } = mount(pickingListEndpoint);
