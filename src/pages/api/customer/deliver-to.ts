/** GET, POST /api/customer/deliver-to: src/features/delivery (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { deliverToEndpoint, setDeliverToEndpoint } from '#features/delivery/routes.ts';

export const { GET, POST, HEAD, ALL } = mount(deliverToEndpoint, setDeliverToEndpoint);
