/**
 * The back office's promo codes, browser-safe: what creating one takes (zod, checked again on
 * the server), the messages staff see, and how a code's state reads. Money is integer paise.
 */
import { z } from 'zod';

/** A promo code as typed: letters, digits, dashes and underscores, 3 to 40, stored upper-case. */
export const PROMO_CODE = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

export const ADMIN_PROMO_MESSAGES = {
  code: 'A code is 3 to 40 letters, digits, dashes or underscores, e.g. DIWALI10.',
  taken: (code: string) => `The promo code ${code} already exists.`,
  endsBeforeStart: 'The end must be after the start.',
  endsInPast: 'The end must be in the future.',
  notFound: 'No such promo code.',
  alreadyEnded: 'This promo code has already ended.',
} as const;

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .min(min, `${what} must be at least ${min}.`)
    .max(max, `${what} can be at most ${max}.`);

const instant = z.iso.datetime({
  offset: true,
  error: 'A time must be an ISO 8601 date and time, e.g. 2026-12-01T00:00:00+05:30.',
});

/** A new promo code: percent or amount off, minimum order, window and limits. */
export const promoCreateSchema = z
  .object({
    code: z
      .string({ error: ADMIN_PROMO_MESSAGES.code })
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(PROMO_CODE, ADMIN_PROMO_MESSAGES.code)),
    description: z.string().trim().max(200, 'The description can be at most 200 characters.').nullable().default(null),
    kind: z.enum(['percent', 'amount'], { error: 'The kind must be percent or amount.' }),
    percent_off: whole('The percent off', 1, 100).optional(),
    amount_off_paise: whole('The amount off', 1, 10_000_000).optional(),
    min_order_paise: whole('The minimum order', 0, 100_000_000).default(0),
    starts_at: instant.nullable().default(null),
    ends_at: instant.nullable().default(null),
    max_uses: whole('The total uses', 1, 10_000_000).nullable().default(null),
    per_customer_limit: whole('The uses per customer', 1, 1000).nullable().default(null),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.kind === 'percent' && p.percent_off === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'Give the percent off (1 to 100).' });
    if (p.kind === 'amount' && p.amount_off_paise === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount_off_paise'], message: 'Give the amount off.' });
    if (p.kind === 'percent' && p.amount_off_paise !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount_off_paise'], message: 'A percent code has no amount off.' });
    if (p.kind === 'amount' && p.percent_off !== undefined)
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'An amount code has no percent off.' });
    if (p.starts_at && p.ends_at && Date.parse(p.ends_at) <= Date.parse(p.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: ADMIN_PROMO_MESSAGES.endsBeforeStart });
  });

export type PromoCreate = z.output<typeof promoCreateSchema>;

/** Where a code stands now. */
export type PromoState = 'scheduled' | 'active' | 'ended' | 'used_up' | 'off';

/** A promo code as the back office lists it. Money in paise; times ISO. */
export interface AdminPromo {
  id: number;
  code: string;
  description: string | null;
  percentOff: number | null;
  amountOffPaise: number | null;
  minOrderPaise: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  usesCount: number;
  perCustomerLimit: number | null;
  state: PromoState;
  createdAt: string;
}

/** How a state reads. */
export const PROMO_STATE_LABELS: Record<PromoState, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  ended: 'Ended',
  used_up: 'Used up',
  off: 'Switched off',
};
