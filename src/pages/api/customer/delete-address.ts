/** POST /api/customer/delete-address: src/features/addresses (contract.ts, routes.ts). */

import { deleteAddressEndpoint } from '#features/addresses/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(deleteAddressEndpoint);
