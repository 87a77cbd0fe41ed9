/** POST /api/customer/edit-address: src/features/addresses (contract.ts, routes.ts). */

import { editAddressEndpoint } from '#features/addresses/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(editAddressEndpoint);
