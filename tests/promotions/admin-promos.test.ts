/**
 * Staff's promo codes on PGlite and PostgreSQL: creating percent and amount codes (checked,
 * audited, unique), what a customer's checkout then gets from them (amount off up to the
 * subtotal, minimum order, window), listing with each code's state, and ending a code early.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCreateSchema } from '#features/promotions/rules.ts';
import { createPromo, endPromo, listAdminPromos } from '#features/promotions/server/admin-promos.ts';
import { evaluatePromo, promoAppliedMessage } from '#features/promotions/server/promos.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
import { auditReader, TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const NOW = new Date('2026-11-26T06:00:00Z');
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

describe('promo create schema', () => {
  const error = (input: unknown) => {
    const r = promoCreateSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };
  it('takes a percent or an amount code with its limits, and explains what is wrong', () => {
    expect(promoCreateSchema.parse({ code: ' diwali10 ', kind: 'percent', percent_off: 10 })).toMatchObject({
      code: 'DIWALI10',
      percent_off: 10,
      min_order_paise: 0,
      max_uses: null,
      per_customer_limit: null,
    });
    expect(error({ code: 'X', kind: 'percent', percent_off: 10 })).toMatch(/3 to 40 letters/);
    expect(error({ code: 'SALE', kind: 'percent' })).toBe('Give the percent off (1 to 100).');
    expect(error({ code: 'SALE', kind: 'percent', percent_off: 101 })).toBe('The percent off can be at most 100.');
    expect(error({ code: 'SALE', kind: 'amount', amount_off_paise: 50.5 })).toBe(
      'The amount off must be a whole number.',
    );
    expect(error({ code: 'SALE', kind: 'amount', amount_off_paise: 5000, percent_off: 5 })).toBe(
      'An amount code has no percent off.',
    );
    expect(
      error({ code: 'SALE', kind: 'amount', amount_off_paise: 5000, starts_at: later(5), ends_at: later(2) }),
    ).toBe('The end must be after the start.');
    expect(error({ code: 'SALE', kind: 'amount', amount_off_paise: 5000, max_uses: 0 })).toBe(
      'The total uses must be at least 1.',
    );
  });
});

describe.each(testDatabaseKinds())('staff promo codes on %s', (kind) => {
  let handle: DatabaseHandle;
  let customerId: number;
  const audit = auditReader(() => handle.db);
  const actor = TEST_ACTOR;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [c] = await handle.db.insert(customers).values({ name: 'Asha', phone: '+919800000001' }).returning();
    customerId = c!.id;
  });
  afterAll(async () => handle?.close());

  it('creates an amount code that takes its amount off, never more than the subtotal, above its minimum', async () => {
    const input = promoCreateSchema.parse({
      code: 'flat50',
      kind: 'amount',
      amount_off_paise: 5000,
      min_order_paise: 20000,
      ends_at: later(48),
      max_uses: 100,
      per_customer_limit: 1,
    });
    const promo = await createPromo(handle.db, input, actor, NOW);
    expect(promo).toMatchObject({ code: 'FLAT50', amountOffPaise: 5000, percentOff: null, state: 'active' });
    expect((await audit.entries()).at(-1)).toMatchObject({
      action: 'promo.create',
      entity: 'promo_code',
      entityId: String(promo.id),
      before: null,
      after: { code: 'FLAT50', amount_off_paise: 5000, min_order_paise: 20000, max_uses: 100, per_customer_limit: 1 },
    });
    const applied = await evaluatePromo(handle.db, customerId, 'flat50', 30000, NOW);
    expect(applied).toMatchObject({ percentOff: 0, discountPaise: 5000 });
    expect(promoAppliedMessage(applied)).toBe('Promo code applied! ₹50.00 discount applied.');
    await expect(evaluatePromo(handle.db, customerId, 'FLAT50', 19999, NOW)).rejects.toMatchObject({
      message: 'This promo code needs an order of at least ₹200.00.',
    });
    // Without a minimum, an amount above the subtotal takes the subtotal off, no more.
    const small = await createPromo(
      handle.db,
      promoCreateSchema.parse({ code: 'BIG500', kind: 'amount', amount_off_paise: 50000 }),
      actor,
      NOW,
    );
    expect((await evaluatePromo(handle.db, customerId, small.code, 12000, NOW)).discountPaise).toBe(12000);
  });

  it('refuses a code that exists (409) and an end already past (422)', async () => {
    await createPromo(
      handle.db,
      promoCreateSchema.parse({ code: 'TWICE', kind: 'percent', percent_off: 5 }),
      actor,
      NOW,
    );
    await expect(
      createPromo(handle.db, promoCreateSchema.parse({ code: 'twice', kind: 'percent', percent_off: 7 }), actor, NOW),
    ).rejects.toMatchObject({ code: 'conflict', message: 'The promo code TWICE already exists.' });
    await expect(
      createPromo(
        handle.db,
        promoCreateSchema.parse({ code: 'LATE', kind: 'percent', percent_off: 5, ends_at: later(-1) }),
        actor,
        NOW,
      ),
    ).rejects.toMatchObject({ code: 'unprocessable', message: 'The end must be in the future.' });
  });

  it('lists codes with their state and ends one early', async () => {
    const soon = await createPromo(
      handle.db,
      promoCreateSchema.parse({ code: 'SOON', kind: 'percent', percent_off: 20, starts_at: later(24) }),
      actor,
      NOW,
    );
    const list = await listAdminPromos(handle.db, NOW);
    expect(list.find((p) => p.code === 'SOON')?.state).toBe('scheduled');
    expect(list.find((p) => p.code === 'FLAT50')?.state).toBe('active');
    const flat = list.find((p) => p.code === 'FLAT50')!;
    const ended = await endPromo(handle.db, flat.id, actor, NOW);
    expect(ended).toMatchObject({ state: 'ended', endsAt: NOW.toISOString() });
    expect((await audit.entries()).at(-1)).toMatchObject({
      action: 'promo.end',
      before: { ends_at: later(48) },
      after: { ends_at: NOW.toISOString() },
    });
    // An ended code reads like any code that cannot be used now.
    await expect(evaluatePromo(handle.db, customerId, 'FLAT50', 30000, new Date(later(1)))).rejects.toMatchObject({
      message: 'Invalid promo code.',
    });
    await expect(endPromo(handle.db, flat.id, actor, NOW)).rejects.toMatchObject({
      code: 'conflict',
      message: 'This promo code has already ended.',
    });
    await expect(endPromo(handle.db, 99_999, actor, NOW)).rejects.toMatchObject({ code: 'not_found' });
    expect(soon.state).toBe('scheduled');
  });
});
