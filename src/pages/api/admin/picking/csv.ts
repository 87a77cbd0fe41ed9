/** GET /api/admin/picking/csv: src/features/fulfilment (contract.ts, routes.ts). */

import { pickingCsvEndpoint } from '#features/fulfilment/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(pickingCsvEndpoint);
