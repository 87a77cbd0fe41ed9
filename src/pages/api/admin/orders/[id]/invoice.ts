/** GET /api/admin/orders/{id}/invoice: src/features/invoices (contract.ts, routes.ts). */

import { staffInvoiceEndpoint } from '#features/invoices/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(staffInvoiceEndpoint);
