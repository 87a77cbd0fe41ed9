/** GET /api/admin/picking/csv: src/features/picking (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { pickingCsvEndpoint } from '#features/picking/routes.ts';

export const { GET, HEAD, ALL } = mount(pickingCsvEndpoint);
