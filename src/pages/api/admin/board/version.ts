/** GET /api/admin/board/version: src/features/fulfilment (contract.ts, routes.ts). */

import { boardVersionEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(boardVersionEndpoint);
