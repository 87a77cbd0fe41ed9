/**
 * What a cancelled order says it gave back (orders/refund.ts): only for cancellations, only what
 * was paid or redeemed.
 */
import { describe, expect, it } from 'vitest';
import { refundParts } from '#features/orders/refund.ts';

const order = {
  status: 'cancelled',
  paymentMode: 'Online',
  paymentStatus: 'refunded',
  paidAmountPaise: 123_450,
  pointsRedeemed: 1,
};

describe('refund texts', () => {
  it('names the amount, where it went and when', () => {
    expect(refundParts(order).map((p) => p.text)).toEqual([
      '₹1,234.50 to your original payment method within 5–7 working days',
      '1 point returned to your balance — available now',
    ]);
    expect(refundParts({ ...order, paymentMode: 'Credit', paymentStatus: 'unpaid', pointsRedeemed: 0 })).toEqual([
      {
        to: 'credit',
        amountPaise: 123_450,
        points: null,
        text: '₹1,234.50 refunded to your FarmFresh credit — available now',
      },
    ]);
  });

  it('says nothing for orders that are not cancelled, were never charged, or never went through', () => {
    expect(refundParts({ ...order, status: 'delivered' })).toEqual([]);
    expect(refundParts({ ...order, paymentMode: 'Cash', paymentStatus: 'unpaid', pointsRedeemed: 0 })).toEqual([]);
    expect(refundParts({ ...order, paymentStatus: 'failed' })).toEqual([]);
    expect(refundParts({ ...order, paymentStatus: 'pending' })).toEqual([]);
  });
});
