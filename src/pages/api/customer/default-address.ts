/** POST /api/customer/default-address: src/features/addresses (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { defaultAddressEndpoint } from '#features/addresses/routes.ts';

export const { POST, ALL } = mount(defaultAddressEndpoint);
