/** POST /api/admin/subcategories/{id}/move: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { moveSubcategoryEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(moveSubcategoryEndpoint);
