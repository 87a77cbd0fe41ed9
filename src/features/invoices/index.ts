/** The invoices feature's server surface: the number allocation the server wires to order confirmation. */
export { allocateInvoiceNumber } from './server/numbering.ts';
