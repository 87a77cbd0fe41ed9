/**
 * The invoices feature's server surface: the invoice number allocation the server wires to order
 * confirmation, and credit notes: issueCreditNote (called inside the transaction of every reduction
 * after an invoice), the credit notes of orders, and the orders-feature hook for a cancellation.
 */
export {
  type CreditNoteReason,
  type CreditNoteRequest,
  type CreditNoteSummary,
  creditCancelledInvoice,
  creditNotesFor,
  type IssuedCreditNote,
  issueCreditNote,
} from './server/credit-notes.ts';
export { orderTaxLines } from './server/invoice.ts';
export { allocateInvoiceNumber, staffInvoiceNumber } from './server/numbering.ts';
