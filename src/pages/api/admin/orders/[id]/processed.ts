/** POST /api/admin/orders/{id}/processed: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { markProcessedEndpoint } from '#features/orders/routes.ts';

export const { POST, ALL } = mount(markProcessedEndpoint);
