/** GET, POST /api/customer/deliver-to: src/features/delivery (contract.ts, routes.ts). */

import { deliverToEndpoint, setDeliverToEndpoint } from '#features/delivery/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, POST, HEAD, ALL } = mount(deliverToEndpoint, setDeliverToEndpoint);
