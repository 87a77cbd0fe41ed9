/** POST /api/customer/add-address: src/features/addresses (contract.ts, routes.ts). */

import { addAddressEndpoint } from '#features/addresses/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(addAddressEndpoint);
