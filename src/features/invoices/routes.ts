/**
 * The invoice and credit note routes' handlers (contract.ts; mounted by
 * src/pages/api/customer/orders/[id]/invoice.ts, …/credit-notes/[creditNoteId].ts and
 * src/pages/api/admin/orders/[id]/credit-notes/[creditNoteId].ts).
 */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implementFile } from '#lib/http/handler.ts';
import { creditNoteRoute, invoiceRoute, staffCreditNoteRoute } from './contract.ts';
import { loadCreditNote } from './server/credit-notes.ts';
import { loadInvoice } from './server/invoice.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './server/pdf.ts';

export const invoiceEndpoint = implementFile(invoiceRoute, async ({ params, customer }) => {
  const invoice = await loadInvoice(await getDb(), customer.id, params.id);
  return {
    body: await renderInvoicePdf(invoice),
    filename: `invoice-${invoice.number.replaceAll('/', '-')}.pdf`,
    headers: NO_STORE,
  };
});

/** A credit note's PDF file answer. */
async function creditNoteFile(orderId: number, creditNoteId: number, customerId: number | null) {
  const note = await loadCreditNote(await getDb(), orderId, creditNoteId, customerId);
  return {
    body: await renderCreditNotePdf(note),
    filename: `credit-note-${note.number.replaceAll('/', '-')}.pdf`,
    headers: NO_STORE,
  };
}

export const creditNoteEndpoint = implementFile(creditNoteRoute, ({ params, customer }) =>
  creditNoteFile(params.id, params.creditNoteId, customer.id),
);

export const staffCreditNoteEndpoint = implementFile(staffCreditNoteRoute, ({ params }) =>
  creditNoteFile(params.id, params.creditNoteId, null),
);
