/**
 * My Account routes (docs/account-rules.md): profile, update-profile, credit-transaction,
 * delete-account, and verify-phone, which completes a change
 * of mobile number): the one declaration of each, shared by the server (routes.ts), the account
 * islands (with `import type` only) and the OpenAPI document. Zod only, no server import.
 */
import { z } from 'zod';
import { otpInput, otpSentSchema } from '#features/auth/contract.ts';
import { type DataOut, defineAdminRoute, defineRoute, positiveId } from '#lib/http/contract.ts';
import {
  ADMIN_CUSTOMER_MESSAGES,
  creditAdjustSchema,
  customerQueryOk,
  pointsAdjustSchema,
} from './admin-customer-rules.ts';
import { profileSchema } from './profile-schema.ts';

export * from './admin-customer-rules.ts';

/** `data.user` and `data.account` of the profile routes; money in rupees (numbers). */
export const profileDataSchema = z.object({
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    mobile: z.string().describe('E.164'),
    sms_language: z.enum(['en', 'ml']).describe('Language of order status SMS (POST /api/customer/sms-language)'),
  }),
  account: z.object({
    points_balance: z.number().int(),
    credit_balance: z.number().describe('Rupees'),
    credit_limit: z.number().describe('Rupees'),
  }),
});

/** A credit transaction read as an order; `paid_amount` a 2-decimal rupee string. */
export const creditOrderSchema = z.object({
  id: z.number().int(),
  address_id: z.number().int().nullable(),
  paid_amount: z.string().describe('Rupees, 2 decimals, e.g. "120.00"'),
  payment_approval: z.string().describe('Due, Pending or Paid (compare case-insensitively)'),
  payment_mode: z.string(),
  order_status: z.string(),
  created_at: z.string().describe('ISO 8601'),
  points_earned: z.number().int(),
  address: z.record(z.string(), z.unknown()).nullable().describe('The delivery address as it was when ordered'),
});

/** GET /api/customer/profile. */
export const profileRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/profile',
  summary: 'The profile and the balances',
  auth: 'customer',
  response: profileDataSchema,
});

/** POST /api/customer/update-profile: name and email at once; a new mobile waits for the OTPs to it and to the current number. */
export const updateProfileRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/update-profile',
  summary: 'Save name and email; a new mobile answers otp_required after OTPs to it and to the current number',
  description:
    'Name, email and mobile, all required ("Please fill in all fields"). A changed mobile is saved only after POST /api/customer/verify-phone with the OTP sent to the NEW number and the one sent to the CURRENT number. 409 when the number belongs to another account (look-ups of new numbers are limited per address); 503 with Retry-After for a new number when no SMS sender is configured.',
  auth: 'customer',
  body: profileSchema,
  response: z.discriminatedUnion('otp_required', [
    profileDataSchema.extend({ otp_required: z.literal(false) }),
    profileDataSchema
      .extend({ otp_required: z.literal(true), mobile: z.string().describe('The new number (E.164)') })
      .extend(otpSentSchema.shape)
      .extend({
        current_mobile: z.string().describe('The current number (E.164), which got an OTP too'),
        current_demo_otp: z.string().optional().describe('The current number’s code, only in demo mode'),
      }),
  ]),
});

/** POST /api/customer/verify-phone: confirms a new mobile number with its OTP. */
export const verifyPhoneRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/verify-phone',
  summary: 'Confirm a new mobile number with the OTPs sent to it and to the current number',
  description:
    'The new number as `mobile` (or `key`), its OTP as `otp`, and the current number\'s OTP as `current_otp` (once accepted, a retry of a mistyped `otp` needs no `current_otp`). Signs out the customer\'s other sessions and sends the replaced number an SMS saying so. 400 missing, wrong or expired code (a wrong one with `data.otp_tries_left`, the wrong tries left before that code can no longer be checked from this address); a code killed by wrong tries (either of the two) answers 400 "Too many wrong attempts. Please request new OTPs.", and that, an expired code or none pending carry `data.otp_spent` true (ask for both codes again by repeating update-profile); 409 number taken meanwhile.',
  auth: 'customer',
  body: z.object({
    mobile: z.custom<string>().optional().describe('The new number'),
    key: z.custom<string>().optional().describe('The new number (alias of mobile)'),
    otp: otpInput,
    current_otp: otpInput.describe('The OTP sent to the current number'),
  }),
  response: profileDataSchema,
});

/** GET /api/customer/credit-transaction: orders paid with credit, newest first. */
export const creditTransactionRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/credit-transaction',
  summary: 'Orders paid with credit, read as credit transactions, newest first',
  auth: 'customer',
  response: z.object({ orders: z.array(creditOrderSchema) }),
});

const deleteAccount = {
  path: '/api/customer/delete-account',
  summary: 'Delete the account: revokes every session, removes the personal data, keeps orders anonymised',
  description:
    'POST or DELETE (the spec lists GET; a GET that changes state could be triggered by any link or image on another site, so GET and HEAD answer 405 with Allow: POST, DELETE). Cookie-authenticated calls need proof of this origin.',
  auth: 'customer',
  response: z.object({}),
} as const;

/** POST /api/customer/delete-account. */
export const deleteAccountPostRoute = defineRoute({ method: 'POST', ...deleteAccount });
/** DELETE /api/customer/delete-account (what the account island sends). */
export const deleteAccountRoute = defineRoute({ method: 'DELETE', ...deleteAccount });

export const accountContracts = [
  profileRoute,
  updateProfileRoute,
  verifyPhoneRoute,
  creditTransactionRoute,
  deleteAccountPostRoute,
  deleteAccountRoute,
] as const;

/** `data.user` and `data.account` of GET /api/customer/profile. */
export type ProfileJson = DataOut<typeof profileRoute>;

/** A credit transaction of GET /api/customer/credit-transaction. */
export type CreditOrderJson = DataOut<typeof creditTransactionRoute>['orders'][number];

const ledgerLineSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  kind: z.string(),
  amount: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

/** A customer as staff see them (money in paise). */
/** An order (or an unpaid attempt) on a customer's page. */
const adminCustomerOrderSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  status: z.string(),
  paymentMode: z.string(),
  paymentStatus: z.string(),
  gatewayOrderId: z
    .string()
    .nullable()
    .describe('The online payment’s gateway order (Razorpay order_…), null for other modes'),
  paidAmountPaise: z.number().int(),
});

export const adminCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  pointsBalance: z.number().int(),
  creditLimitPaise: z.number().int(),
  creditBalancePaise: z.number().int(),
  ordersCount: z.number().int().describe('Orders the shop took; unpaid online attempts are not among them'),
  orders: z.array(adminCustomerOrderSchema).describe('The newest 100 orders'),
  attemptsCount: z.number().int().describe('Online payment attempts left unpaid or released'),
  attempts: z.array(adminCustomerOrderSchema).describe('The newest 100 unpaid attempts'),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      name: z.string(),
      mobile: z.string(),
      line: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  credit: z.array(ledgerLineSchema),
  points: z.array(ledgerLineSchema),
});

/** GET /api/admin/customers?q=: customers by mobile or name. */
export const adminCustomersRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/customers',
  summary: 'Find customers by part of the mobile number or the name',
  description:
    'Audited: each search adds a `customer.searched` entry with how it searched (mobile or name), how many it found and their ids, never the text searched.',
  permission: 'customers.manage',
  query: z.object({
    q: z
      .string({ error: ADMIN_CUSTOMER_MESSAGES.query })
      .trim()
      .max(60, ADMIN_CUSTOMER_MESSAGES.query)
      .refine(customerQueryOk, ADMIN_CUSTOMER_MESSAGES.query),
  }),
  response: z.object({
    customers: z.array(
      z.object({
        id: z.number().int(),
        name: z.string().nullable(),
        phone: z.string().nullable(),
        ordersCount: z.number().int().describe('Orders the shop took; unpaid online attempts are not among them'),
        attemptsCount: z.number().int().describe('Online payment attempts left unpaid or released'),
        createdAt: z.string(),
      }),
    ),
  }),
});

const customerParams = z.object({ id: positiveId('Invalid customer id.') });

/** GET /api/admin/customers/{id}: a customer with orders, addresses, credit and points. */
export const adminCustomerRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/customers/{id}',
  summary: 'A customer: orders, addresses, credit and points with their transactions',
  description: 'Audited: each look-up adds a `customer.viewed` entry with the customer’s id.',
  permission: 'customers.manage',
  params: customerParams,
  response: z.object({ customer: adminCustomerSchema }),
});

/** A credit or points adjustment waiting for (or decided by) a second owner or manager (ADR 0116). */
export const balanceApprovalSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  kind: z.enum(['credit', 'points']),
  amount: z.number().int().describe('Signed: paise for credit, points for points'),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  requestedBy: z.object({ id: z.number().int(), name: z.string() }),
  decidedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});

const adjustAnswer = z.object({
  customer: adminCustomerSchema,
  replayed: z.boolean(),
  approval: balanceApprovalSchema.nullable().describe('The approval it waits for (202); null when applied'),
});

const approvalRule =
  'Worth more than APPROVAL_ABOVE_RUPEES (points at ₹1 each, either direction) it is not applied: it waits for another owner or manager (202, data.approval), unless the asker is the only active owner or manager (applied, audited as approved by the sole owner). 403 when the customer’s mobile is the staff member’s own.';

/** POST /api/admin/customers/{id}/credit: adjusts the available credit with a reason. */
export const adjustCreditRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/customers/{id}/credit',
  summary: 'Adjust a customer’s available credit (paise, signed) with a reason',
  description: `Exactly once per idempotency_key: a retry answers the same (data.replayed true); the key with another amount or reason 422. Never below ₹0 (422). Audited. ${approvalRule}`,
  permission: 'customers.manage',
  params: customerParams,
  body: creditAdjustSchema,
  response: adjustAnswer,
});

/** POST /api/admin/customers/{id}/points: adjusts the points balance with a reason. */
export const adjustPointsRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/customers/{id}/points',
  summary: 'Adjust a customer’s points (signed) with a reason',
  description: `Exactly once per idempotency_key: a retry answers the same (data.replayed true); the key with another amount or reason 422. Never below 0 (422). Audited. ${approvalRule}`,
  permission: 'customers.manage',
  params: customerParams,
  body: pointsAdjustSchema,
  response: adjustAnswer,
});

/** GET /api/admin/balance-approvals: adjustments waiting for a second person, oldest first. */
export const balanceApprovalsRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/balance-approvals',
  summary: 'Credit and points adjustments waiting for approval (or the latest 100 approved, rejected or cancelled)',
  permission: 'customers.manage',
  query: z.object({
    status: z
      .enum(['pending', 'approved', 'rejected', 'cancelled'], {
        error: 'Status is pending, approved, rejected or cancelled.',
      })
      .default('pending'),
    customer_id: positiveId('Invalid customer id.').optional(),
  }),
  response: z.object({ approvals: z.array(balanceApprovalSchema) }),
});

const approvalParams = z.object({ id: positiveId('Invalid approval id.') });
const decisionAnswer = z.object({ approval: balanceApprovalSchema, customer: adminCustomerSchema });

/** POST /api/admin/balance-approvals/{id}/approve: applies a pending adjustment, exactly once. */
export const approveAdjustmentRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/balance-approvals/{id}/approve',
  summary: 'Approve a pending credit or points adjustment: it is applied once',
  description:
    'By an owner or manager other than the asker (403), never on an account whose mobile is the approver’s own (403). 409 when it was approved, rejected or cancelled already (of two approving at once, one applies it). 422 when the balance would go below 0 (it stays pending). Audited.',
  permission: 'adjustments.approve',
  params: approvalParams,
  response: decisionAnswer,
});

/** POST /api/admin/balance-approvals/{id}/reject: refuses a pending adjustment. */
export const rejectAdjustmentRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/balance-approvals/{id}/reject',
  summary: 'Reject a pending credit or points adjustment',
  description: 'By an owner or manager other than the asker (403). 409 when decided already. Audited.',
  permission: 'adjustments.approve',
  params: approvalParams,
  response: decisionAnswer,
});

/** POST /api/admin/balance-approvals/{id}/cancel: the asker withdraws their pending adjustment. */
export const cancelAdjustmentRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/balance-approvals/{id}/cancel',
  summary: 'Withdraw your own pending credit or points adjustment',
  description: 'Only by the asker (403). 409 when decided already. Audited.',
  permission: 'customers.manage',
  params: approvalParams,
  response: decisionAnswer,
});

export const adminCustomerContracts = [
  adminCustomersRoute,
  adminCustomerRoute,
  adjustCreditRoute,
  adjustPointsRoute,
  balanceApprovalsRoute,
  approveAdjustmentRoute,
  rejectAdjustmentRoute,
  cancelAdjustmentRoute,
] as const;
