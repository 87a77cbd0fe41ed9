/** POST /api/admin/products/import: src/features/catalog (contract.ts, routes.ts). */

import { importProductsEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(importProductsEndpoint);
