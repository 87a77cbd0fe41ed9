/** POST /api/admin/categories/{id}/subcategories: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { createSubcategoryEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(createSubcategoryEndpoint);
