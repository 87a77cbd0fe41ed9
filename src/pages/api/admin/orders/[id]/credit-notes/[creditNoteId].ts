/** GET /api/admin/orders/{id}/credit-notes/{creditNoteId}: src/features/invoices (contract.ts, routes.ts). */

import { staffCreditNoteEndpoint } from '#features/invoices/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(staffCreditNoteEndpoint);
