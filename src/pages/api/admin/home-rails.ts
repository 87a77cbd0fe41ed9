/** GET and POST /api/admin/home-rails: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { adminRailsEndpoint, createRailEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, POST, ALL } = mount(adminRailsEndpoint, createRailEndpoint);
