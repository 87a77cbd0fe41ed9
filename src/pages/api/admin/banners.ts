/** GET and POST /api/admin/banners: src/features/catalog (taxonomy-contract.ts, taxonomy-routes.ts through routes.ts). */

import { adminBannersEndpoint, createBannerEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, POST, ALL } = mount(adminBannersEndpoint, createBannerEndpoint);
