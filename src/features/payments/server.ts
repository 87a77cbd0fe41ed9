/**
 * Online payments behind one interface. The only gateway shipped is `test` (PAYMENT_GATEWAY=test):
 * the face of the spec's mock payment modal, which approves every charge after the modal's 2 s
 * and returns a reference, so an order paid that way is marked paid; with PAYMENT_TEST_DECLINE=true
 * it declines every charge instead, to try the payment-failed path. With PAYMENT_GATEWAY unset
 * the "Pay Online" method is not offered and the API refuses it.
 *
 * Orders call `charge` and `refund` outside any database transaction (features/orders/server/payment.ts
 * settlePayment, refundPayment).
 */
import { randomBytes } from 'node:crypto';
import { getConfig } from '#lib/config.ts';

export interface PaymentGateway {
  readonly name: string;
  /** Charges `amountPaise` for an order; returns the gateway's reference or throws (declined or failed). */
  charge(amountPaise: number, description: string): Promise<{ reference: string }>;
  /**
   * Refunds `amountPaise` of the charge `chargeReference` to the payer's original method; returns
   * the refund's reference or throws.
   */
  refund(chargeReference: string, amountPaise: number): Promise<{ reference: string }>;
}

/** A charge the gateway refused. */
export class PaymentDeclinedError extends Error {
  constructor(message = 'Payment declined') {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/** Approves every charge (test mode), or declines every one when built with `decline: true`. */
export class TestPaymentGateway implements PaymentGateway {
  readonly name = 'test';
  private readonly decline: boolean;
  constructor(options: { decline?: boolean } = {}) {
    this.decline = options.decline ?? false;
  }
  async charge(amountPaise: number): Promise<{ reference: string }> {
    if (!(amountPaise > 0)) throw new PaymentDeclinedError('Nothing to charge');
    if (this.decline) throw new PaymentDeclinedError('Declined by the test gateway (PAYMENT_TEST_DECLINE=true)');
    return { reference: `test_${randomBytes(8).toString('hex')}` };
  }
  async refund(chargeReference: string, amountPaise: number): Promise<{ reference: string }> {
    if (!chargeReference || !(amountPaise > 0)) throw new Error('Nothing to refund');
    return { reference: `test_refund_${randomBytes(8).toString('hex')}` };
  }
}

/** The configured gateway, or null when online payment is off. */
export function getPaymentGateway(): PaymentGateway | null {
  const config = getConfig();
  return config.PAYMENT_GATEWAY === 'test' ? new TestPaymentGateway({ decline: config.PAYMENT_TEST_DECLINE }) : null;
}
