/**
 * The My Account route handlers (contracts in contract.ts; mounted by the files under
 * src/pages/api/customer/: profile, update-profile, verify-phone, credit-transaction,
 * delete-account).
 */

import { clearSessionCookie, clientIp, guardOtpSend, otpSentJson, throttleIp } from '#features/auth/index.ts';
import { otpLoginSchema } from '#features/auth/rules.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getConfig } from '#lib/config.ts';
import { getDb } from '#lib/db/index.ts';
import type { HandlerInput } from '#lib/http/handler.ts';
import { implement } from '#lib/http/handler.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { ADMIN_CUSTOMER_MESSAGES } from './admin-customer-rules.ts';
import {
  adjustCreditRoute,
  adjustPointsRoute,
  adminCustomerRoute,
  adminCustomersRoute,
  approveAdjustmentRoute,
  balanceApprovalsRoute,
  cancelAdjustmentRoute,
  creditTransactionRoute,
  deleteAccountPostRoute,
  deleteAccountRoute,
  profileRoute,
  rejectAdjustmentRoute,
  updateProfileRoute,
  verifyPhoneRoute,
} from './contract.ts';
import { ACCOUNT_MESSAGES, phoneChangeCodesMessage } from './rules.ts';
import { deleteAccount } from './server/account-deletion.ts';
import { creditOrderJson, profileJson } from './server/account-json.ts';
import { searchCustomersAsStaff, viewCustomerAsStaff } from './server/admin-customers.ts';
import { listApprovals } from './server/approval-list.ts';
import { type AdjustResult, adjustCredit, adjustPoints } from './server/balance-adjustments.ts';
import { type ApprovalDecision, decideApproval } from './server/balance-approvals.ts';
import { listCreditOrders } from './server/credit-orders.ts';
import { verifyPhoneChange } from './server/phone-change.ts';
import { getProfile, updateProfile } from './server/profile.ts';

export const profileEndpoint = implement(profileRoute, async ({ customer }) => ({
  data: profileJson(await getProfile(await getDb(), customer.id)),
  headers: NO_STORE,
}));

export const updateProfileEndpoint = implement(updateProfileRoute, async ({ ctx, body, customer }) => {
  const db = await getDb();
  const ip = clientIp(ctx);
  if (body.mobile !== customer.phone) await guardOtpSend(db, ip, body.mobile);
  const result = await updateProfile(db, customer.id, body, ip);
  if (!result.otpRequired) {
    return {
      data: { ...profileJson(result.profile), otp_required: false as const },
      message: ACCOUNT_MESSAGES.profileUpdated,
      headers: NO_STORE,
    };
  }
  const current = otpSentJson(result.currentSent);
  return {
    data: {
      ...profileJson(result.profile),
      otp_required: true as const,
      mobile: result.mobile,
      ...otpSentJson(result.sent),
      current_mobile: result.currentMobile,
      ...(current.demo_otp ? { current_demo_otp: current.demo_otp } : {}),
    },
    message: phoneChangeCodesMessage(result.currentMobile, result.mobile, current.demo_otp !== undefined),
    headers: NO_STORE,
  };
});

export const verifyPhoneEndpoint = implement(verifyPhoneRoute, async ({ ctx, body, customer }) => {
  const length = getConfig().OTP_LENGTH;
  const { key, otp } = otpLoginSchema(length).parse({ key: body.mobile ?? body.key, otp: body.otp });
  // The current number's code is checked the same way when sent (verifyPhoneChange says when it is needed).
  const currentOtp =
    body.current_otp === undefined || body.current_otp === ''
      ? undefined
      : otpLoginSchema(length).parse({ key, otp: body.current_otp }).otp;
  const db = await getDb();
  const ip = clientIp(ctx);
  await throttleIp(db, ip);
  const profile = await verifyPhoneChange(db, customer.id, customer.sessionId, key, otp, currentOtp, ip);
  return { data: profileJson(profile), message: ACCOUNT_MESSAGES.phoneUpdated, headers: NO_STORE };
});

export const creditTransactionEndpoint = implement(creditTransactionRoute, async ({ customer }) => ({
  data: { orders: (await listCreditOrders(await getDb(), customer.id)).map(creditOrderJson) },
  headers: NO_STORE,
}));

/** Both methods of delete-account: every session revoked, personal data removed, cookies cleared. */
async function removeAccount({ ctx, customer }: Pick<HandlerInput<typeof deleteAccountRoute>, 'ctx' | 'customer'>) {
  await deleteAccount(await getDb(), customer.id);
  clearSessionCookie(ctx.cookies, ctx);
  return { data: {}, message: ACCOUNT_MESSAGES.accountDeleted, headers: NO_STORE };
}

export const deleteAccountPostEndpoint = implement(deleteAccountPostRoute, removeAccount);
export const deleteAccountEndpoint = implement(deleteAccountRoute, removeAccount);

export const adminCustomersEndpoint = implement(adminCustomersRoute, async ({ query, actor }) => ({
  data: { customers: await searchCustomersAsStaff(await getDb(), query.q, actor) },
  headers: NO_STORE,
}));

export const adminCustomerEndpoint = implement(adminCustomerRoute, async ({ params, actor }) => ({
  data: { customer: await viewCustomerAsStaff(await getDb(), params.id, actor) },
  headers: NO_STORE,
}));

/** An adjustment's answer: 202 and the waiting line when it waits for approval, else what was done. */
function adjustAnswer(result: AdjustResult, done: string) {
  if (result.approval?.status === 'pending')
    return { data: result, status: 202, message: ADMIN_CUSTOMER_MESSAGES.waiting, headers: NO_STORE };
  return { data: result, message: result.replayed ? 'Already adjusted.' : done, headers: NO_STORE };
}

export const adjustCreditEndpoint = implement(adjustCreditRoute, async ({ params, body, actor }) =>
  adjustAnswer(await adjustCredit(await getDb(), params.id, body, actor), 'Credit adjusted.'),
);

export const adjustPointsEndpoint = implement(adjustPointsRoute, async ({ params, body, actor }) =>
  adjustAnswer(await adjustPoints(await getDb(), params.id, body, actor), 'Points adjusted.'),
);

export const balanceApprovalsEndpoint = implement(balanceApprovalsRoute, async ({ query }) => ({
  data: {
    approvals: await listApprovals(await getDb(), { status: query.status, customerId: query.customer_id }),
  },
  headers: NO_STORE,
}));

const DECIDED: Record<ApprovalDecision, string> = {
  approve: 'Approved and applied.',
  reject: 'Rejected.',
  cancel: 'Cancelled.',
};

/** The handler of one decision on a pending adjustment (approve, reject, cancel). */
const decide = (decision: ApprovalDecision) =>
  async function decideEndpoint({ params, actor }: { params: { id: number }; actor: StaffActor }) {
    const result = await decideApproval(await getDb(), params.id, decision, actor);
    return { data: result, message: DECIDED[decision], headers: NO_STORE };
  };

export const approveAdjustmentEndpoint = implement(approveAdjustmentRoute, decide('approve'));
export const rejectAdjustmentEndpoint = implement(rejectAdjustmentRoute, decide('reject'));
export const cancelAdjustmentEndpoint = implement(cancelAdjustmentRoute, decide('cancel'));
