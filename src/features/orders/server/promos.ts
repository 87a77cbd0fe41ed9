/**
 * Promo codes (spec 001 §2 Promo Code, §8, §9): a percentage or a fixed amount off the subtotal, valid inside an
 * active window, above a minimum order, within total and per-customer use limits. Codes match
 * case-insensitively. The discount is computed here, on the server, in paise (rounded).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#lib/db/index.ts';
import { orders, promoCodes } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { formatPaise } from '#lib/money.ts';

export interface AppliedPromo {
  id: number;
  code: string;
  /** The code's percent off; 0 for an amount code. */
  percentOff: number;
  discountPaise: number;
}

/**
 * "Promo code applied! 5% discount applied." (spec 001 §8 success text, with the code's percent);
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
 * Checks a code against a subtotal for a customer and returns the discount, or throws 422 with
 * the reason ("Invalid promo code." when unknown or switched off).
 */
export async function evaluatePromo(
  db: Database | Transaction,
  customerId: number,
  rawCode: string,
  subtotalPaise: number,
  now = new Date(),
): Promise<AppliedPromo> {
  const code = rawCode.trim().toUpperCase();
  if (!code || code.length > 40) throw new AppError('unprocessable', 'Invalid promo code.');
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!promo?.isActive) throw new AppError('unprocessable', 'Invalid promo code.');
  if (promo.startsAt && promo.startsAt > now) throw new AppError('unprocessable', 'This promo code is not active yet.');
  if (promo.endsAt && promo.endsAt <= now) throw new AppError('unprocessable', 'This promo code has expired.');
  if (promo.maxUses !== null && promo.usesCount >= promo.maxUses) {
    throw new AppError('unprocessable', 'This promo code has reached its usage limit.');
  }
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
      .where(and(eq(orders.customerId, customerId), eq(orders.promoCodeId, promo.id), ne(orders.status, 'cancelled')));
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

/** Counts one use of a code, guarded by its limit (409 when another order took the last use). */
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
  if (!updated.length) throw new AppError('conflict', 'This promo code has reached its usage limit.');
}

/** Gives a use back (order cancelled). */
export async function releasePromoUse(tx: Transaction, promoId: number): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`GREATEST(${promoCodes.usesCount} - 1, 0)` })
    .where(eq(promoCodes.id, promoId));
}
