/**
 * What an order says it gave back (orders/refund.ts): a cancellation, only what was paid or
 * redeemed; packing (a lighter pick, a cheaper substitute), on any order, only what went back.
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

  it('names what packing gave back on an order that goes on, and beside a later cancellation', () => {
    const packed = { ...order, status: 'processed', packingRefunds: { credit: 2_550, originalPayment: 0 } };
    expect(refundParts(packed).map((p) => p.text)).toEqual([
      '₹25.50 for items picked lighter or substituted, refunded to your FarmFresh credit — available now',
    ]);
    const online = { ...packed, packingRefunds: { credit: 0, originalPayment: 4_000 } };
    expect(refundParts(online).map((p) => p.to)).toEqual(['original_payment']);
    expect(refundParts({ ...online, status: 'cancelled' }).map((p) => p.amountPaise)).toEqual([4_000, 123_450, null]);
    expect(refundParts({ ...order, status: 'delivered', packingRefunds: { credit: 0, originalPayment: 0 } })).toEqual(
      [],
    );
  });
});
