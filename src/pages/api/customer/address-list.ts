/** GET /api/customer/address-list: src/features/addresses (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { listAddressesEndpoint } from '#features/addresses/routes.ts';

export const { GET, HEAD, ALL } = mount(listAddressesEndpoint);
