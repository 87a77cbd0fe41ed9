/**
 * The rider's UPI QR at the door (ADR 0141): make one for the amount due, and read where it
 * stands. Re-exported by payment-contract.ts; the panel (islands/UpiQrPanel.tsx) reads the
 * answer's type.
 */
import { z } from 'zod';
import { defineAdminRoute, positiveId } from '#lib/http/contract.ts';

/** An order's UPI QR as the rider's panel reads it. */
export const upiQrSchema = z.object({
  order_id: z.number().int(),
  status: z
    .enum(['none', 'active', 'expired', 'paid', 'closed'])
    .describe('none made; active: waiting for payment; expired: past close_by unpaid; paid; closed: replaced'),
  amount_due_paise: z.number().int().describe("The order's amount due at the door now (paise)"),
  order_payment_status: z.string().describe("The order's payment status (paid once the QR is paid)"),
  qr: z
    .object({
      id: z.string().describe("The gateway's QR code id (`qr_…`)"),
      amount_paise: z.number().int().describe('The fixed amount the QR takes (paise)'),
      image_url: z.string().nullable().describe("The gateway's image of the QR, for the customer to scan"),
      close_by: z.string().describe('When the gateway closes it, unpaid (ISO 8601)'),
      paid_at: z.string().nullable(),
      payment_id: z.string().nullable().describe('The payment (`pay_…`) that paid it'),
    })
    .nullable(),
});

export type UpiQrJson = z.infer<typeof upiQrSchema>;

const params = z.object({ id: positiveId('Invalid order id.') });
const rider =
  'A rider may ask only for the orders assigned to them (404 otherwise). 409 with a clear message when no payment gateway is configured (PAYMENT_GATEWAY unset).';

/** POST /api/admin/orders/{id}/upi-qr: a single-use UPI QR for exactly the amount due. */
export const makeUpiQrRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/upi-qr',
  summary: 'Make a UPI QR for the amount due at the door',
  description: `For a Cash or Card on delivery order out for delivery and unpaid (409 otherwise, with why): a single-use, fixed-amount UPI QR (Razorpay QR Codes API) for the amount due the server computes. The active QR is answered again when its amount is the amount due and it has two minutes left; otherwise it is closed at the gateway and a new one is made. Two requests at once make one QR. ${rider} 503 when the gateway cannot be asked (nothing changes). Audited.`,
  permission: 'orders.deliver',
  params,
  response: z.object({ upi_qr: upiQrSchema }),
});

/** GET /api/admin/orders/{id}/upi-qr: where the order's UPI QR stands. */
export const upiQrStateRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/orders/{id}/upi-qr',
  summary: "Where the order's UPI QR stands",
  description: `The latest QR and the order's payment status; polled by the rider's panel. An unpaid QR older than 5 seconds asks the gateway for its payments, so a payment whose qr_code.credited webhook is late is settled (once, as the webhook would). ${rider}`,
  permission: 'orders.deliver',
  params,
  response: z.object({ upi_qr: upiQrSchema }),
});

export const upiQrContracts = [makeUpiQrRoute, upiQrStateRoute] as const;
