/**
 * What a cancelled order gives back, and where and when, as the
 * orders list, the order details and the tracking page say it. Pure (server and islands):
 * it reads the order as placed, and says exactly what cancelOrder restores —
 * - paid with credit: the amount back on the FarmFresh credit line, at once;
 * - paid online: the amount to the original payment method, which the gateway takes
 *   REFUND_PERIOD (5–7 working days) to return;
 * - points redeemed: back on the points balance, at once.
 * Cash and card-on-delivery orders were never charged, so only their points come back.
 * Packing that picked a line lighter or substituted it with a cheaper product gives back the
 * difference the same way (credit at once, an online payment in REFUND_PERIOD), on any order, and
 * so do returns and refunds after delivery (or in cash, for an order paid in cash at the door).
 */
import { formatPaise } from '#lib/money.ts';
import { REFUND_PERIOD } from '#lib/refund-period.ts';

/** One thing given back: where it went, the amount (paise) or points, and the sentence the customer reads. */
export interface RefundPart {
  to: 'credit' | 'original_payment' | 'points' | 'cash';
  amountPaise: number | null;
  points: number | null;
  text: string;
}

/** The order fields the refund depends on. */
export interface RefundableOrder {
  status: string;
  paymentMode: string;
  paymentStatus: string;
  paidAmountPaise: number;
  pointsRedeemed: number;
  /** What packing gave back (paise), by where it went; absent when nothing was. */
  packingRefunds?: { credit: number; originalPayment: number };
  /** What returns and refunds after delivery gave back (paise), by where it went; absent when nothing was. */
  returnRefunds?: { credit: number; originalPayment: number; cash: number };
  /** The refunds to the online payment and where each stands at the gateway; absent when unknown. */
  refunds?: { reason: string; status: string }[];
}

/**
 * Where an online refund stands, for its sentence: processed (the gateway sent it), failed (it
 * is retried), else on its way. For several (packing), the least advanced one speaks.
 */
function onlineStanding(o: RefundableOrder, reason: string): 'processed' | 'failed' | 'pending' {
  const mine = (o.refunds ?? []).filter((r) => r.reason === reason);
  if (mine.some((r) => r.status === 'failed')) return 'failed';
  if (mine.length && mine.every((r) => r.status === 'processed')) return 'processed';
  return 'pending';
}

/** "₹X to your original payment method …", as the refund stands. */
function onlineText(amount: string, standing: 'processed' | 'failed' | 'pending', what = ''): string {
  if (standing === 'processed')
    return `${amount}${what} refunded to your original payment method — it can take ${REFUND_PERIOD} to show`;
  if (standing === 'failed')
    return `${amount}${what} to your original payment method: the refund is delayed and we are retrying it`;
  return `${amount}${what} to your original payment method within ${REFUND_PERIOD}`;
}

/**
 * What was given back for a cancelled order (empty for any other, and for an online order whose
 * payment never went through), e.g. [{ to: 'credit', amountPaise: 12000, text: '₹120.00 refunded
 * to your FarmFresh credit — available now' }].
 */
export function refundParts(o: RefundableOrder): RefundPart[] {
  const packing = [...packingRefundParts(o), ...returnRefundParts(o)];
  if (o.status !== 'cancelled' || o.paymentStatus === 'failed' || o.paymentStatus === 'pending') return packing;
  const parts: RefundPart[] = [...packing];
  if (o.paymentMode === 'Credit' && o.paidAmountPaise > 0) {
    parts.push({
      to: 'credit',
      amountPaise: o.paidAmountPaise,
      points: null,
      text: `${formatPaise(o.paidAmountPaise)} refunded to your FarmFresh credit — available now`,
    });
  }
  if (o.paymentMode === 'Online' && o.paymentStatus === 'refunded' && o.paidAmountPaise > 0) {
    parts.push({
      to: 'original_payment',
      amountPaise: o.paidAmountPaise,
      points: null,
      text: onlineText(formatPaise(o.paidAmountPaise), onlineStanding(o, 'cancel')),
    });
  }
  if (o.pointsRedeemed > 0) {
    parts.push({
      to: 'points',
      amountPaise: null,
      points: o.pointsRedeemed,
      text: `${o.pointsRedeemed} ${o.pointsRedeemed === 1 ? 'point' : 'points'} returned to your balance — available now`,
    });
  }
  return parts;
}

/** What returns and refunds after delivery gave back: one part per place the money went. */
function returnRefundParts(o: RefundableOrder): RefundPart[] {
  const parts: RefundPart[] = [];
  const { credit = 0, originalPayment = 0, cash = 0 } = o.returnRefunds ?? {};
  const what = ' for returned or refunded items';
  if (credit > 0)
    parts.push({
      to: 'credit',
      amountPaise: credit,
      points: null,
      text: `${formatPaise(credit)}${what}, refunded to your FarmFresh credit — available now`,
    });
  if (originalPayment > 0)
    parts.push({
      to: 'original_payment',
      amountPaise: originalPayment,
      points: null,
      text: onlineText(formatPaise(originalPayment), onlineStanding(o, 'return'), `${what},`),
    });
  if (cash > 0)
    parts.push({
      to: 'cash',
      amountPaise: cash,
      points: null,
      text: `${formatPaise(cash)}${what}, given back in cash`,
    });
  return parts;
}

/** What packing gave back: one part per place the difference went. */
function packingRefundParts(o: RefundableOrder): RefundPart[] {
  const parts: RefundPart[] = [];
  const credit = o.packingRefunds?.credit ?? 0;
  const online = o.packingRefunds?.originalPayment ?? 0;
  if (credit > 0)
    parts.push({
      to: 'credit',
      amountPaise: credit,
      points: null,
      text: `${formatPaise(credit)} for items picked lighter or substituted, refunded to your FarmFresh credit — available now`,
    });
  if (online > 0)
    parts.push({
      to: 'original_payment',
      amountPaise: online,
      points: null,
      text: onlineText(formatPaise(online), onlineStanding(o, 'packing'), ' for items picked lighter or substituted,'),
    });
  return parts;
}
