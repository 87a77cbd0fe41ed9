/**
 * The invoice download route: the GST tax invoice cum bill of
 * supply of one of the customer's orders as a PDF. Zod only; the order islands link to it.
 */
import { z } from 'zod';
import { defineRoute, positiveId } from '#lib/http/contract.ts';

/** GET /api/customer/orders/{id}/invoice: the order's invoice PDF (its number is issued at the first download). */
export const invoiceRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/orders/{id}/invoice',
  summary: "The order's GST tax invoice cum bill of supply (PDF)",
  description:
    'application/pdf with Content-Disposition: attachment; filename="invoice-FF-26-27-000123.pdf" (the invoice number, slashes as dashes). The number is issued at the first download, consecutive per financial year (April–March). 404 for another customer\'s order or one whose online payment is pending or failed; 409 for an order cancelled before an invoice was issued.',
  auth: 'customer',
  params: z.object({ id: positiveId('Invalid order id.') }),
  response: z.never(),
  produces: 'application/pdf',
});

export const invoiceContracts = [invoiceRoute] as const;
