/**
 * Online payments behind one interface. The only gateway shipped is `test` (PAYMENT_GATEWAY=test):
 * the face of the spec's mock payment modal, which approves every charge after the modal's 2 s
 * and returns a reference, so an order paid that way is marked paid. With PAYMENT_GATEWAY unset
 * the "Pay Online" method is not offered and the API refuses it.
 */
import { randomBytes } from 'node:crypto';
import { getConfig } from './config.ts';

export interface PaymentGateway {
  readonly name: string;
  /** Charges `amountPaise` for an order; returns the gateway's reference or throws. */
  charge(amountPaise: number, description: string): Promise<{ reference: string }>;
}

/** Approves every charge (test mode). */
export class TestPaymentGateway implements PaymentGateway {
  readonly name = 'test';
  async charge(amountPaise: number): Promise<{ reference: string }> {
    if (!(amountPaise > 0)) throw new Error('Nothing to charge');
    return { reference: `test_${randomBytes(8).toString('hex')}` };
  }
}

/** The configured gateway, or null when online payment is off. */
export function getPaymentGateway(): PaymentGateway | null {
  return getConfig().PAYMENT_GATEWAY === 'test' ? new TestPaymentGateway() : null;
}
