/** GET, PATCH and DELETE /api/admin/products/{id}: src/features/catalog (contract.ts, routes.ts). */

import {
  adminProductEndpoint,
  deleteAdminProductEndpoint,
  updateAdminProductEndpoint,
} from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, PATCH, DELETE, ALL } = mount(
  adminProductEndpoint,
  updateAdminProductEndpoint,
  deleteAdminProductEndpoint,
);
