/**
 * The back office's customers, browser-safe: the search box's rule, what an adjustment of credit
 * or points takes (zod, checked again on the server) and the messages staff see. Money is integer
 * paise; points whole points (1 point = ₹1 at checkout).
 */
import { z } from 'zod';

export const ADMIN_CUSTOMER_MESSAGES = {
  query: 'Type at least 2 letters of a name or 3 digits of a mobile number.',
  notFound: 'No such customer.',
  zero: 'The change cannot be zero.',
  reason: 'Give a reason (3 to 200 characters).',
  key: 'The idempotency key must be 8 to 100 letters, digits, dots, colons, dashes or underscores.',
  keyReused: 'This idempotency key was used for another adjustment.',
  creditBelowZero: (balance: string) => `The credit balance cannot go below ₹0.00 (it is ${balance}).`,
  pointsBelowZero: (balance: number) => `The points balance cannot go below 0 (it is ${balance}).`,
  ownAccount: 'You cannot adjust an account whose mobile number is your own. Ask another owner or manager.',
  waiting: 'Waiting for approval: another owner or manager must approve it.',
  approvalNotFound: 'No such adjustment waiting for approval.',
  ownRequest: 'You asked for this adjustment: another owner or manager must approve or reject it.',
  notYours: 'Only the person who asked for this adjustment can cancel it.',
  decided: (status: string) => `This adjustment was already ${status}.`,
  noStaff: 'Only a signed-in staff member can ask for an adjustment above the approval limit.',
} as const;

/**
 * What an adjustment is worth in paise, to compare with the approval limit: credit as it is, a
 * point at ₹1 (what it takes off at checkout). Either direction counts.
 */
export function adjustmentValuePaise(kind: BalanceKind, amount: number): number {
  return Math.abs(kind === 'credit' ? amount : amount * 100);
}

/** The balance an adjustment moves. */
export type BalanceKind = 'credit' | 'points';

/** A credit or points adjustment above the approval limit, as staff see it (ADR 0116). */
export interface BalanceApproval {
  id: number;
  customerId: number;
  customerName: string | null;
  customerPhone: string | null;
  kind: BalanceKind;
  /** Signed: paise for credit, points for points. */
  amount: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  requestedBy: { id: number; name: string };
  decidedBy: { id: number; name: string } | null;
  decidedAt: string | null;
  createdAt: string;
}

/** Whether a search text is enough to search with (2 letters of a name, or 3 digits). */
export function customerQueryOk(q: string): boolean {
  const t = q.trim();
  const digits = t.replace(/\D/g, '');
  return /^[+\d\s-]+$/.test(t) ? digits.length >= 3 : t.length >= 2;
}

const reason = z
  .string({ error: ADMIN_CUSTOMER_MESSAGES.reason })
  .trim()
  .min(3, ADMIN_CUSTOMER_MESSAGES.reason)
  .max(200, ADMIN_CUSTOMER_MESSAGES.reason);
const idempotencyKey = z
  .string({ error: ADMIN_CUSTOMER_MESSAGES.key })
  .regex(/^[\w.:-]{8,100}$/, ADMIN_CUSTOMER_MESSAGES.key);
const signed = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .min(-max, `${what} can be at most ${max} either way.`)
    .max(max, `${what} can be at most ${max} either way.`)
    .refine((n) => n !== 0, ADMIN_CUSTOMER_MESSAGES.zero);

/** A credit adjustment: paise added to (or, negative, taken from) the available balance. */
export const creditAdjustSchema = z
  .object({ amount_paise: signed('The amount (paise)', 10_000_000), reason, idempotency_key: idempotencyKey })
  .strict();
/** A points adjustment: points added (or, negative, taken away). */
export const pointsAdjustSchema = z
  .object({ points: signed('The points', 1_000_000), reason, idempotency_key: idempotencyKey })
  .strict();

export type CreditAdjust = z.output<typeof creditAdjustSchema>;
export type PointsAdjust = z.output<typeof pointsAdjustSchema>;

/** A customer in the search results. */
export interface AdminCustomerHit {
  id: number;
  name: string | null;
  phone: string | null;
  /** Orders the shop took (unpaid online attempts not among them). */
  ordersCount: number;
  /** Online payment attempts left unpaid or released. */
  attemptsCount: number;
  createdAt: string;
}

/** One ledger line: credit (paise) or points. */
export interface AdminLedgerLine {
  id: number;
  orderId: number | null;
  /** Credit: debit, reversal, repayment, adjustment; points: earned, redeemed, restored, revoked, adjust. */
  kind: string;
  /** Signed: paise for credit (negative when taken from the balance), points for points. */
  amount: number;
  note: string | null;
  createdAt: string;
}

/** An order (or an unpaid attempt) on a customer's page. Money in paise. */
export interface AdminCustomerOrder {
  id: number;
  createdAt: string;
  status: string;
  paymentMode: string;
  paymentStatus: string;
  /** The online payment’s gateway order, null for other modes. */
  gatewayOrderId: string | null;
  paidAmountPaise: number;
}

/** "5 orders", "1 order". */
export const ordersText = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** "2 unpaid attempts", "1 unpaid attempt": online payments started and never paid. */
export const attemptsText = (n: number) => `${n} unpaid ${n === 1 ? 'attempt' : 'attempts'}`;

/** A customer as staff see them. Money in paise. */
export interface AdminCustomer {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
  pointsBalance: number;
  creditLimitPaise: number;
  creditBalancePaise: number;
  /** Orders the shop took, all of them counted; the newest 100 listed. */
  ordersCount: number;
  orders: AdminCustomerOrder[];
  /** Online payment attempts left unpaid or released, apart from the orders; the newest 100 listed. */
  attemptsCount: number;
  attempts: AdminCustomerOrder[];
  addresses: {
    id: number;
    type: string;
    name: string;
    mobile: string;
    line: string;
    isDefault: boolean;
  }[];
  credit: AdminLedgerLine[];
  points: AdminLedgerLine[];
}
