/** POST /api/admin/orders/{id}/reschedule: src/features/fulfilment (door-contract.ts, routes.ts). */

import { rescheduleEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(rescheduleEndpoint);
