/**
 * The back office's promo codes: the list with each code's state, creating a code (percent or
 * amount off, minimum order, window, total and per-customer uses) and ending one early (its end
 * becomes now: the code is refused from then on, orders already placed keep their discount).
 * Each change is audited in its transaction.
 */
import { desc, eq } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { promoCodes } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { ADMIN_PROMO_MESSAGES, type AdminPromo, type PromoCreate, type PromoState } from '../rules.ts';

type PromoRow = typeof promoCodes.$inferSelect;

/** A code's state at `now`. */
export function promoState(p: PromoRow, now: Date): PromoState {
  if (!p.isActive) return 'off';
  if (p.endsAt && p.endsAt <= now) return 'ended';
  if (p.startsAt && p.startsAt > now) return 'scheduled';
  if (p.maxUses !== null && p.usesCount >= p.maxUses) return 'used_up';
  return 'active';
}

function toAdminPromo(p: PromoRow, now: Date): AdminPromo {
  return {
    id: p.id,
    code: p.code,
    description: p.description,
    percentOff: p.percentOff,
    amountOffPaise: p.amountOffPaise,
    minOrderPaise: p.minOrderPaise,
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    maxUses: p.maxUses,
    usesCount: p.usesCount,
    perCustomerLimit: p.perCustomerLimit,
    state: promoState(p, now),
    createdAt: p.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a code. */
const auditView = (p: AdminPromo) => ({
  code: p.code,
  percent_off: p.percentOff,
  amount_off_paise: p.amountOffPaise,
  min_order_paise: p.minOrderPaise,
  starts_at: p.startsAt,
  ends_at: p.endsAt,
  max_uses: p.maxUses,
  per_customer_limit: p.perCustomerLimit,
});

/** Every code, newest first, with its state now. */
export async function listAdminPromos(db: Database, now = new Date()): Promise<AdminPromo[]> {
  const rows = await db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows.map((p) => toAdminPromo(p, now));
}

/** Creates a code. Errors: 409 the code exists; 422 an end already past. */
export async function createPromo(
  db: Database,
  input: PromoCreate,
  actor: StaffActor,
  now = new Date(),
): Promise<AdminPromo> {
  if (input.ends_at && Date.parse(input.ends_at) <= now.getTime())
    throw new AppError('unprocessable', ADMIN_PROMO_MESSAGES.endsInPast, {
      errors: { ends_at: ADMIN_PROMO_MESSAGES.endsInPast },
    });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({
        code: input.code,
        description: input.description || null,
        percentOff: input.kind === 'percent' ? input.percent_off! : null,
        amountOffPaise: input.kind === 'amount' ? input.amount_off_paise! : null,
        minOrderPaise: input.min_order_paise,
        startsAt: input.starts_at ? new Date(input.starts_at) : null,
        endsAt: input.ends_at ? new Date(input.ends_at) : null,
        maxUses: input.max_uses,
        perCustomerLimit: input.per_customer_limit,
      })
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    if (!row)
      throw new AppError('conflict', ADMIN_PROMO_MESSAGES.taken(input.code), {
        errors: { code: ADMIN_PROMO_MESSAGES.taken(input.code) },
      });
    const promo = toAdminPromo(row, now);
    await recordAudit(tx, actor, {
      action: 'promo.create',
      record: { type: 'promo_code', id: String(row.id) },
      before: null,
      after: auditView(promo),
    });
    return promo;
  });
}

/** Ends a code now (its end becomes `now`). Errors: 404 unknown code; 409 it has already ended. */
export async function endPromo(db: Database, id: number, actor: StaffActor, now = new Date()): Promise<AdminPromo> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!before) throw new AppError('not_found', ADMIN_PROMO_MESSAGES.notFound);
    if (before.endsAt && before.endsAt <= now) throw new AppError('conflict', ADMIN_PROMO_MESSAGES.alreadyEnded);
    const [after] = await tx.update(promoCodes).set({ endsAt: now }).where(eq(promoCodes.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'promo.end',
      record: { type: 'promo_code', id: String(id) },
      before: { ends_at: before.endsAt?.toISOString() ?? null },
      after: { ends_at: now.toISOString() },
    });
    return toAdminPromo(after!, now);
  });
}
