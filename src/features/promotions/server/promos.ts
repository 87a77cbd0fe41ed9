/**
 * Promo codes (docs/orders-and-payments.md#promo-codes): a percentage or a fixed amount off the subtotal, valid inside an
 * active window, above a minimum order, within total and per-customer use limits. Codes match
 * case-insensitively. The discount is computed here, on the server, in paise (rounded). Codes
 * that cannot be used are counted per customer and per client IP (countedPromoTry), so codes
 * cannot be guessed at speed.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { orders, promoCodes, rateLimitEvents } from '#lib/db/schema.ts';
import { assertUnderLimit, lockKey, type ThrottleRule } from '#lib/db/throttle.ts';
import { AppError, isAppError } from '#lib/http/envelope.ts';
import { formatPaise } from '#lib/money.ts';

export interface AppliedPromo {
  id: number;
  code: string;
  /** The code's percent off; 0 for an amount code. */
  percentOff: number;
  discountPaise: number;
}

/**
 * "Promo code applied! 5% discount applied." (the text customers see, with the code's percent);
 * for an amount code, the amount taken off: "Promo code applied! ₹50.00 discount applied.".
 */
export const promoAppliedMessage = (promo: Pick<AppliedPromo, 'percentOff' | 'discountPaise'>) =>
  `Promo code applied! ${promo.percentOff > 0 ? `${promo.percentOff}%` : formatPaise(promo.discountPaise)} discount applied.`;

/** The discount (paise) a code gives on `subtotalPaise`: its percent (rounded), or its amount up to the subtotal. */
export function promoDiscount(
  promo: { percentOff: number | null; amountOffPaise: number | null },
  subtotalPaise: number,
): number {
  if (promo.percentOff !== null) return Math.round((subtotalPaise * promo.percentOff) / 100);
  return Math.min(promo.amountOffPaise ?? 0, subtotalPaise);
}

/**
 * Checks a code against a subtotal for a customer and returns the discount, or throws 422:
 * PROMO_INVALID for any code that cannot be used now, else the reason that the customer can act
 * on (below the minimum order, already used by them).
 */
/**
 * The one answer for a code that cannot be used now: unknown, switched off, not started,
 * expired or used up all read the same ("Invalid promo code."), so trying codes
 * tells nothing about which exist.
 */
export const PROMO_INVALID = 'Invalid promo code.';
/** Names that 422, which a counted try tells apart from every other failure. */
const PROMO_UNUSABLE = 'promotions.promo_invalid' as const;
/** The 422 PROMO_INVALID. */
const promoInvalid = () => new AppError('unprocessable', PROMO_INVALID, { reason: PROMO_UNUSABLE });

export async function evaluatePromo(
  db: Database | Transaction,
  customerId: number,
  rawCode: string,
  subtotalPaise: number,
  now = new Date(),
): Promise<AppliedPromo> {
  const code = rawCode.trim().toUpperCase();
  if (!code || code.length > 40) throw promoInvalid();
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  const usable =
    promo?.isActive &&
    !(promo.startsAt && promo.startsAt > now) &&
    !(promo.endsAt && promo.endsAt <= now) &&
    !(promo.maxUses !== null && promo.usesCount >= promo.maxUses);
  if (!promo || !usable) throw promoInvalid();
  if (subtotalPaise < promo.minOrderPaise) {
    throw new AppError(
      'unprocessable',
      `This promo code needs an order of at least ${formatPaise(promo.minOrderPaise)}.`,
    );
  }
  if (promo.perCustomerLimit !== null) {
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.customerId, customerId),
          eq(orders.promoCodeId, promo.id),
          // A cancelled order, or an online one released unpaid, gave its use back; one awaiting its payment holds it.
          notInArray(orders.status, ['cancelled', 'payment_failed']),
        ),
      );
    if ((used?.n ?? 0) >= promo.perCustomerLimit)
      throw new AppError('unprocessable', 'You have already used this promo code.');
  }
  return {
    id: promo.id,
    code: promo.code,
    percentOff: promo.percentOff ?? 0,
    discountPaise: promoDiscount(promo, subtotalPaise),
  };
}

/** Counts one use of a code, guarded by its limit (422 PROMO_INVALID when another order took the last use). */
export async function countPromoUse(tx: Transaction, promoId: number): Promise<void> {
  const updated = await tx
    .update(promoCodes)
    .set({ usesCount: sql`${promoCodes.usesCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, promoId),
        sql`(${promoCodes.maxUses} IS NULL OR ${promoCodes.usesCount} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (!updated.length) throw promoInvalid();
}

/** Gives a use back (order cancelled). */
export async function releasePromoUse(tx: Transaction, promoId: number): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`GREATEST(${promoCodes.usesCount} - 1, 0)` })
    .where(eq(promoCodes.id, promoId));
}

/**
 * Codes that could not be used, per customer per hour (PROMO_TRIES_PER_HOUR). Its 429 says when to
 * try again, from its Retry-After (`saysWhen`): the oldest try in the window may free much sooner
 * than an hour.
 */
export const promoCustomerLimit = (): ThrottleRule => ({
  bucket: 'promo_fail:customer',
  limit: getConfig().PROMO_TRIES_PER_HOUR,
  windowMs: 3_600_000,
  message: 'Too many promo code attempts.',
  saysWhen: true,
});
/** Codes that could not be used, per client IP per hour (PROMO_IP_TRIES_PER_HOUR); says when too. */
export const promoIpLimit = (): ThrottleRule => ({
  bucket: 'promo_fail:ip',
  limit: getConfig().PROMO_IP_TRIES_PER_HOUR,
  windowMs: 3_600_000,
  message: 'Too many promo code attempts from your network.',
  saysWhen: true,
});

/** Takes one try of `rule` for `key` (429 when none is left); returns the event's id. */
async function takeTry(db: Database, rule: ThrottleRule, key: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockKey(tx, rule.bucket, key);
    await assertUnderLimit(tx, rule, key, now);
    const [row] = await tx
      .insert(rateLimitEvents)
      .values({ bucket: rule.bucket, key, createdAt: now })
      .returning({ id: rateLimitEvents.id });
    return row!.id;
  });
}

/**
 * Runs `check` (anything that evaluates a promo code the customer typed) as one counted try:
 * a try is taken from the customer's and the client IP's allowance first (429 when either is
 * spent, so parallel guesses cannot exceed it), and given back unless the code turned out
 * unusable (PROMO_INVALID). A valid code, or another failure (stock, prices), costs nothing.
 */
export async function countedPromoTry<T>(
  db: Database,
  customerId: number,
  ip: string,
  check: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  const taken: number[] = [];
  try {
    taken.push(await takeTry(db, promoCustomerLimit(), String(customerId), now));
    taken.push(await takeTry(db, promoIpLimit(), ip, now));
  } catch (err) {
    if (taken.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, taken));
    throw err;
  }
  let spent = false;
  try {
    return await check();
  } catch (err) {
    spent = isAppError(err, PROMO_UNUSABLE);
    throw err;
  } finally {
    if (!spent) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, taken));
  }
}
