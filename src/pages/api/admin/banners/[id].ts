/** PATCH and DELETE /api/admin/banners/{id}: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { deleteBannerEndpoint, updateBannerEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PATCH, DELETE, ALL } = mount(deleteBannerEndpoint, updateBannerEndpoint);
