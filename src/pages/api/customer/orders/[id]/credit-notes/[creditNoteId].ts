/** GET /api/customer/orders/{id}/credit-notes/{creditNoteId}: src/features/invoices (contract.ts, routes.ts). */

import { creditNoteEndpoint } from '#features/invoices/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(creditNoteEndpoint);
