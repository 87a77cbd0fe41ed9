/** GET /api/customer/delivery-slots: src/features/delivery (contract.ts, routes.ts). */

import { deliverySlotsEndpoint } from '#features/delivery/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(deliverySlotsEndpoint);
