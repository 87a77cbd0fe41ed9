/** POST /api/admin/orders/{id}/cancel: src/features/fulfilment (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { staffCancelEndpoint } from '#features/fulfilment/routes.ts';

export const { POST, ALL } = mount(staffCancelEndpoint);
