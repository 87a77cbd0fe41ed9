/** PATCH and DELETE /api/admin/categories/{id}: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { deleteCategoryEndpoint, updateCategoryEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PATCH, DELETE, ALL } = mount(deleteCategoryEndpoint, updateCategoryEndpoint);
