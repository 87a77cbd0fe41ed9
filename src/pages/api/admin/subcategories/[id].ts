/** PATCH and DELETE /api/admin/subcategories/{id}: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { deleteSubcategoryEndpoint, updateSubcategoryEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PATCH, DELETE, ALL } = mount(deleteSubcategoryEndpoint, updateSubcategoryEndpoint);
