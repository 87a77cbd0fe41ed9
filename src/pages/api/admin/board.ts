/** GET /api/admin/board: src/features/fulfilment (contract.ts, routes.ts). */

import { boardEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(boardEndpoint);
