/** GET and POST /api/admin/categories: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { adminCategoriesEndpoint, createCategoryEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, POST, ALL } = mount(adminCategoriesEndpoint, createCategoryEndpoint);
