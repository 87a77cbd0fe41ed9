/** GET /api/customer/home: src/features/catalog (contract.ts, routes.ts). */

import { homeEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(homeEndpoint);
