/**
 * The invoice and credit note download routes: the GST tax invoice cum bill of supply of one of
 * the customer's orders, and its credit notes, as PDFs (the customer's, and staff's). Zod only;
 * the order islands and pages link to them.
 */
import { z } from 'zod';
import { defineAdminRoute, defineRoute, positiveId } from '#lib/http/contract.ts';

/** GET /api/customer/orders/{id}/invoice: the order's invoice PDF (its number was issued when the order was confirmed). */
export const invoiceRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/orders/{id}/invoice',
  summary: "The order's GST tax invoice cum bill of supply (PDF)",
  description:
    'application/pdf with Content-Disposition: attachment; filename="invoice-FF-26-27-000123.pdf" (the invoice number, slashes as dashes). The number is issued when the order is confirmed (placed, or paid online), consecutive per financial year (April–March); a download never issues one. 404 for another customer\'s order or one whose online payment is pending or failed; 409 for an order without an invoice (cancelled before one was issued, or placed before numbers were issued at confirmation).',
  auth: 'customer',
  params: z.object({ id: positiveId('Invalid order id.') }),
  response: z.never(),
  produces: 'application/pdf',
});

/** GET /api/admin/orders/{id}/invoice: the order's invoice PDF, for staff (beside its credit notes). */
export const staffInvoiceRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/orders/{id}/invoice',
  summary: "The order's GST tax invoice cum bill of supply (PDF), for staff",
  description:
    "The same PDF as the customer's invoice route, for any order. 404 an unknown order or one whose online payment is pending or failed; 409 an order without an invoice.",
  permission: 'board.view',
  params: z.object({ id: positiveId('Invalid order id.') }),
  response: z.never(),
  produces: 'application/pdf',
});

const creditNoteParams = z.object({
  id: positiveId('Invalid order id.'),
  creditNoteId: positiveId('Invalid credit note id.'),
});
const creditNoteDescription =
  'application/pdf with Content-Disposition: attachment; filename="credit-note-FFC-26-27-000012.pdf" (the credit note number, slashes as dashes). A credit note names the original invoice and the reduction: a packing adjustment, a cancellation after the invoice, a return or refund after delivery. Numbered in its own series per financial year (April–March).';

/** GET /api/customer/orders/{id}/credit-notes/{creditNoteId}: one of the order's credit notes (PDF). */
export const creditNoteRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/orders/{id}/credit-notes/{creditNoteId}',
  summary: "One of the order's GST credit notes (PDF)",
  description: `${creditNoteDescription} 404 for another customer's order or a credit note of another order.`,
  auth: 'customer',
  params: creditNoteParams,
  response: z.never(),
  produces: 'application/pdf',
});

/** GET /api/admin/orders/{id}/credit-notes/{creditNoteId}: one of the order's credit notes (PDF), for staff. */
export const staffCreditNoteRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/orders/{id}/credit-notes/{creditNoteId}',
  summary: "One of the order's GST credit notes (PDF), for staff",
  description: `${creditNoteDescription} 404 for a credit note of another order.`,
  permission: 'board.view',
  params: creditNoteParams,
  response: z.never(),
  produces: 'application/pdf',
});

export const invoiceContracts = [invoiceRoute, staffInvoiceRoute, creditNoteRoute, staffCreditNoteRoute] as const;
