/**
 * The online payment variables of the shop's configuration (src/lib/config.ts spreads them into
 * its schema and runs their cross-checks): the gateway, Razorpay's keys and API base, how long an
 * order waits for its payment, and the local simulator's settings.
 */
import { z } from 'zod';

export const paymentSettings = {
  /**
   * Payment gateway for the "Pay Online" method: `razorpay` (with the RAZORPAY_* keys), or
   * `simulator` (demo mode only: a local server speaking Razorpay's API, with test payments).
   * Unset: off, or `simulator` in demo mode. `test` is replaced by `simulator`: it stops start-up saying so.
   */
  PAYMENT_GATEWAY: z
    .enum(['razorpay', 'simulator', 'test'])
    .optional()
    .transform((value, ctx) => {
      if (value !== 'test') return value;
      ctx.addIssue({
        code: 'custom',
        message:
          'test is replaced by simulator: set PAYMENT_GATEWAY=simulator (demo mode) for test payments, or razorpay with its keys',
      });
      return z.NEVER;
    }),
  /** Replaced by PAYMENT_GATEWAY=simulator (its checkout can decline): a value other than false stops start-up saying so. */
  PAYMENT_TEST_DECLINE: z.string().optional(),
  /** Razorpay's key id (`rzp_live_…` or `rzp_test_…`) and key secret, from its Dashboard; required with PAYMENT_GATEWAY=razorpay. */
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(live|test)_[A-Za-z0-9]+$/, 'a Razorpay key id such as rzp_live_… or rzp_test_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  /** The secret of the shop's Razorpay webhook (Dashboard → Webhooks); required with PAYMENT_GATEWAY=razorpay. */
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Razorpay's API base without `/v1` (tests point it at a local server). */
  RAZORPAY_API_URL: z
    .string()
    .url()
    .default('https://api.razorpay.com')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Minutes an online order waits for its payment before it is cancelled and what it held released. */
  PAYMENT_PENDING_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Port (on 127.0.0.1) of the payment simulator the server starts with PAYMENT_GATEWAY=simulator. */
  PAYMENT_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65_535).default(4750),
  /** The simulator's webhooks: `now`, `late` (after PAYMENT_SIMULATOR_WEBHOOK_DELAY_MS), `twice` or `never`. */
  PAYMENT_SIMULATOR_WEBHOOKS: z.enum(['now', 'late', 'twice', 'never']).default('now'),
  PAYMENT_SIMULATOR_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** What becomes of the simulator's refunds: `processed`, `failed`, or they stay `pending`. */
  PAYMENT_SIMULATOR_REFUNDS: z.enum(['processed', 'pending', 'failed']).default('processed'),
};

/** The fields checkPaymentSettings reads. */
interface PaymentSettings {
  PAYMENT_GATEWAY?: 'razorpay' | 'simulator';
  PAYMENT_TEST_DECLINE?: string;
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
}

/** The replaced test-decline switch stops start-up; Razorpay needs its three keys. */
export function checkPaymentSettings(c: PaymentSettings, ctx: z.RefinementCtx): void {
  if (c.PAYMENT_TEST_DECLINE !== undefined && !['false', '0', 'no'].includes(c.PAYMENT_TEST_DECLINE))
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_TEST_DECLINE'],
      message:
        'is replaced by PAYMENT_GATEWAY=simulator, whose checkout lets the customer decline a payment; remove PAYMENT_TEST_DECLINE',
    });
  if (c.PAYMENT_GATEWAY === 'razorpay')
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const)
      if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when PAYMENT_GATEWAY=razorpay' });
}
