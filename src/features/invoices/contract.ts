/**
 * The invoice download route: the GST tax invoice cum bill of
 * supply of one of the customer's orders as a PDF. Zod only; the order islands link to it.
 */
import { z } from 'zod';
import { defineRoute, positiveId } from '#lib/http/contract.ts';

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

export const invoiceContracts = [invoiceRoute] as const;
