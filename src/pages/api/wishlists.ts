/** PUT and GET /api/wishlists: src/features/catalog (contract.ts, routes.ts). */

import { listWishlistEndpoint, toggleWishlistEndpoint } from '#features/catalog/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { PUT, GET, HEAD, ALL } = mount(toggleWishlistEndpoint, listWishlistEndpoint);
