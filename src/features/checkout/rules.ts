/**
 * The place-order payload (spec 001 §3 "Order placement payload", §5 checks, §9 payment modes)
 * shared by the checkout and the API: cod → Cash, card → Card, credit → Credit, online → Online.
 */
import { z } from 'zod';
import '../../lib/zod-csp.ts';

export type PaymentMode = 'Cash' | 'Card' | 'Credit' | 'Online';

/** What clients may send as payment_mode, and what it is stored as. */
export const PAYMENT_MODE_ALIASES: Record<string, PaymentMode> = { cod: 'Cash', cash: 'Cash', card: 'Card', credit: 'Credit', online: 'Online' };

const money = (message: string) =>
  z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().regex(/^\d{1,7}(\.\d{1,2})?$/, message));

export const placeOrderSchema = z.object({
  address_id: z
    .union([z.string(), z.number()], { message: 'Please select a delivery address.' })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,9}$/, 'Please select a delivery address.')),
  payment_mode: z
    .string({ message: 'Please select a payment method to continue with your order.' })
    .trim()
    .toLowerCase()
    .refine((m) => m in PAYMENT_MODE_ALIASES, 'Please select a payment method to continue with your order.'),
  /** Rupees with 2 decimals, as a string: must equal the server's figure. */
  paid_amount: money('paid_amount must be an amount with up to 2 decimals.'),
  discount: money('discount must be an amount with up to 2 decimals.').optional(),
  customer_note: z.string().max(500, 'Order notes can be at most 500 characters.').optional(),
  promocode: z.string().trim().max(40).optional(),
  /** Points to redeem, "0" when unused. */
  points: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().trim().regex(/^\d{0,7}$/, 'points must be a whole number.'))
    .optional(),
});
