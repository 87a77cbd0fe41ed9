/**
 * The payment simulator's fixed test keys and its settings: how it delivers webhooks and settles
 * refunds, and whether payments are captured automatically. Tests change them while it runs
 * (`settings(patch)`, or `POST /_simulator/settings` with the same JSON).
 */
import { z } from 'zod';

/**
 * The simulator's keys: public test values (like Razorpay's `rzp_test_` keys, but for a server
 * on this machine only), fixed so the shop and its tests need no configuration.
 */
export const SIMULATOR_KEYS = {
  keyId: 'rzp_test_FarmFreshSim01',
  keySecret: 'farmfresh_simulator_key_secret',
  webhookSecret: 'farmfresh_simulator_webhook_secret',
} as const;

export const settingsSchema = z.object({
  /**
   * Webhook delivery: `now`; `late` (after `webhookDelayMs`); `twice` (every event delivered two
   * times, at once, with the same event id); `never` (held until flushed).
   */
  webhooks: z.enum(['now', 'late', 'twice', 'never']),
  /** Delay (ms) of `late` webhooks. */
  webhookDelayMs: z.number().int().min(0).max(600_000),
  /** Delays (ms) before each new try when the shop answers a webhook with non-2xx or not at all. */
  webhookRetryDelaysMs: z.array(z.number().int().min(0).max(600_000)).max(10),
  /** What becomes of a refund, created `pending`: `processed` or `failed` after `refundDelayMs`, or stays `pending`. */
  refunds: z.enum(['processed', 'pending', 'failed']),
  /** Delay (ms) before a refund settles. */
  refundDelayMs: z.number().int().min(0).max(600_000),
  /** `auto`: a successful payment is captured at once (like an account with auto-capture on); `manual`: it stays `authorized`. */
  capture: z.enum(['auto', 'manual']),
});

export type SimulatorSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: SimulatorSettings = {
  webhooks: 'now',
  webhookDelayMs: 5000,
  webhookRetryDelaysMs: [1000, 5000, 15_000],
  refunds: 'processed',
  refundDelayMs: 1000,
  capture: 'auto',
};

/** A partial change of the settings, checked (a ZodError names a bad field). */
export const settingsPatch = settingsSchema.partial().strict();
