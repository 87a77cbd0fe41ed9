/** GET /api/customer/search: src/features/search (contract.ts, routes.ts). */

import { searchPageEndpoint } from '#features/search/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(searchPageEndpoint);
