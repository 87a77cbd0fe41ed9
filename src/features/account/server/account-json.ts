/** JSON of the account API: profile and credit-transaction. */

import { paiseToRupees } from '#lib/money.ts';
import type { CreditOrder } from './credit-orders.ts';
import type { Profile } from './profile.ts';

/** `data.user` and `data.account` of GET /api/customer/profile; money as rupee numbers. */
export function profileJson(p: Profile) {
  return {
    user: { id: p.id, name: p.name ?? '', email: p.email ?? '', mobile: p.phone ?? '', sms_language: p.smsLanguage },
    account: {
      points_balance: p.pointsBalance,
      credit_balance: paiseToRupees(p.creditBalancePaise),
      credit_limit: paiseToRupees(p.creditLimitPaise),
    },
  };
}

/** A credit transaction read as an order; `paid_amount` a 2-decimal string like the spec sends it. */
export function creditOrderJson(o: CreditOrder) {
  return {
    id: o.id,
    address_id: o.addressId,
    paid_amount: paiseToRupees(o.paidAmountPaise).toFixed(2),
    payment_approval: o.paymentApproval,
    payment_mode: o.paymentMode,
    order_status: o.orderStatus,
    created_at: o.createdAt.toISOString(),
    points_earned: o.pointsEarned,
    address: o.address,
  };
}
