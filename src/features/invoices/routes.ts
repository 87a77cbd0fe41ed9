/**
 * The invoice and credit note routes' handlers (contract.ts; mounted by
 * src/pages/api/customer/orders/[id]/invoice.ts, …/credit-notes/[creditNoteId].ts,
 * src/pages/api/admin/orders/[id]/invoice.ts and …/credit-notes/[creditNoteId].ts).
 */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implementFile } from '#lib/http/handler.ts';
import { creditNoteRoute, invoiceRoute, staffCreditNoteRoute, staffInvoiceRoute } from './contract.ts';
import { loadCreditNote } from './server/credit-notes.ts';
import { loadInvoice } from './server/invoice.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './server/pdf.ts';

/** An invoice's PDF file answer: of the customer's order, or (customerId null, staff) of any order. */
async function invoiceFile(orderId: number, customerId: number | null) {
  const invoice = await loadInvoice(await getDb(), customerId, orderId);
  return {
    body: await renderInvoicePdf(invoice),
    filename: `invoice-${invoice.number.replaceAll('/', '-')}.pdf`,
    headers: NO_STORE,
  };
}

export const invoiceEndpoint = implementFile(invoiceRoute, ({ params, customer }) =>
  invoiceFile(params.id, customer.id),
);

export const staffInvoiceEndpoint = implementFile(staffInvoiceRoute, ({ params }) => invoiceFile(params.id, null));

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
