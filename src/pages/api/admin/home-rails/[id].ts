/** PATCH and DELETE /api/admin/home-rails/{id}: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { deleteRailEndpoint, updateRailEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PATCH, DELETE, ALL } = mount(deleteRailEndpoint, updateRailEndpoint);
