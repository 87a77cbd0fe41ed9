/** POST /api/admin/home-rails/{id}/move: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { moveRailEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(moveRailEndpoint);
