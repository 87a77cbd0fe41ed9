/** GET /api/admin/picking/csv: src/features/orders (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { pickingCsvEndpoint } from '#features/orders/routes.ts';

export const { GET, HEAD, ALL } = mount(pickingCsvEndpoint);
