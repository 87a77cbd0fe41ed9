/** POST /api/customer/check-promocode: src/features/checkout (contract.ts, routes.ts). */

import { checkPromocodeEndpoint } from '#features/checkout/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(checkPromocodeEndpoint);
