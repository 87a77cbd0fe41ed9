/** POST /api/admin/orders/{id}/processed: src/features/fulfilment (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { markProcessedEndpoint } from '#features/fulfilment/routes.ts';

export const { POST, ALL } = mount(markProcessedEndpoint);
