/** POST /api/admin/orders/{id}/processed: src/features/fulfilment (contract.ts, routes.ts). */

import { markProcessedEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(markProcessedEndpoint);
