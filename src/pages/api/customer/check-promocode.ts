/** POST /api/customer/check-promocode: src/features/checkout (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { checkPromocodeEndpoint } from '#features/checkout/routes.ts';

export const { POST, ALL } = mount(checkPromocodeEndpoint);
