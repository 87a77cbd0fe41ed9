/** POST /api/customer/delete-address: src/features/addresses (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { deleteAddressEndpoint } from '#features/addresses/routes.ts';

export const { POST, ALL } = mount(deleteAddressEndpoint);
