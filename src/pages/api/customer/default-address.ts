/** POST /api/customer/default-address: src/features/addresses (contract.ts, routes.ts). */

import { defaultAddressEndpoint } from '#features/addresses/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(defaultAddressEndpoint);
