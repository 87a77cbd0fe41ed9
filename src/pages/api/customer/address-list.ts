/** GET /api/customer/address-list: src/features/addresses (contract.ts, routes.ts). */

import { listAddressesEndpoint } from '#features/addresses/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(listAddressesEndpoint);
