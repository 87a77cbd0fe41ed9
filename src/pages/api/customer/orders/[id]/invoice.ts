/** GET /api/customer/orders/{id}/invoice: src/features/invoices (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { invoiceEndpoint } from '#features/invoices/routes.ts';

export const { GET, HEAD, ALL } = mount(invoiceEndpoint);
