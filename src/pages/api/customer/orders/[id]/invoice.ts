/** GET /api/customer/orders/{id}/invoice: src/features/invoices (contract.ts, routes.ts). */

import { invoiceEndpoint } from '#features/invoices/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(invoiceEndpoint);
