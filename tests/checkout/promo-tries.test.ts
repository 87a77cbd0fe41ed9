/**
 * Promo codes on a fresh database of each kind: any code that cannot be used now (unknown,
 * switched off, not started, expired, used up) answers the spec's one text, "Invalid promo
 * code."; unusable tries are counted per customer and per client IP (429 once spent, also when
 * tried in parallel, saying when to try again from its Retry-After) while valid codes cost nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countedPromoTry,
  evaluatePromo,
  PROMO_INVALID,
  promoCustomerLimit,
  promoIpLimit,
} from '#features/promotions/server/promos.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, promoCodes } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('promo code tries on %s', (kind) => {
  let handle: DatabaseHandle;
  let phone = 0;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const now = Date.now();
    await handle.db.insert(promoCodes).values([
      { code: 'GOOD10', percentOff: 10 },
      { code: 'OFF10', percentOff: 10, isActive: false },
      { code: 'SOON10', percentOff: 10, startsAt: new Date(now + DAY) },
      { code: 'PAST10', percentOff: 10, endsAt: new Date(now - DAY) },
      { code: 'GONE10', percentOff: 10, maxUses: 1, usesCount: 1 },
    ]);
  });
  afterAll(async () => handle?.close());

  const customer = async () =>
    (
      await handle.db
        .insert(customers)
        .values({ name: 'Asha', phone: `+91980000${String(++phone).padStart(4, '0')}` })
        .returning()
    )[0]!.id;

  it('answers the same text for every code that cannot be used now', async () => {
    const id = await customer();
    for (const code of ['NOSUCH', 'OFF10', 'SOON10', 'PAST10', 'GONE10']) {
      await expect(evaluatePromo(handle.db, id, code, 100_000)).rejects.toMatchObject({
        code: 'unprocessable',
        message: PROMO_INVALID,
      });
    }
    expect(PROMO_INVALID).toBe('Invalid promo code.');
    expect((await evaluatePromo(handle.db, id, 'good10', 100_000)).discountPaise).toBe(10_000);
  });

  it('counts unusable tries per customer, also in parallel; valid ones are free', async () => {
    const id = await customer();
    const ip = `10.1.${kind.length}.1`;
    const limit = promoCustomerLimit().limit;
    // Valid codes, however often, take nothing.
    for (let i = 0; i < limit + 2; i++)
      await countedPromoTry(handle.db, id, ip, () => evaluatePromo(handle.db, id, 'GOOD10', 100_000));
    const tries = await Promise.allSettled(
      Array.from({ length: limit + 5 }, (_, i) =>
        countedPromoTry(handle.db, id, ip, () => evaluatePromo(handle.db, id, `WRONG${i}`, 100_000)),
      ),
    );
    const messages = tries.map((t) => (t.status === 'rejected' ? (t.reason as Error).message : 'ok'));
    expect(messages.filter((m) => m === PROMO_INVALID)).toHaveLength(limit);
    expect(messages.filter((m) => m === 'Too many promo code attempts. Please try again in 1 hour.')).toHaveLength(5);
    // Now even a valid code waits.
    await expect(
      countedPromoTry(handle.db, id, ip, () => evaluatePromo(handle.db, id, 'GOOD10', 100_000)),
    ).rejects.toMatchObject({ code: 'too_many_requests', retryAfter: expect.any(Number) });
  });

  it('counts unusable tries per client IP across customers', async () => {
    const ip = `10.2.${kind.length}.2`;
    const perCustomer = promoCustomerLimit().limit;
    const perIp = promoIpLimit().limit;
    let refused: unknown = null;
    for (let n = 0; n <= perIp && !refused; n++) {
      const id = await customer();
      for (let i = 0; i < perCustomer - 1 && n * (perCustomer - 1) + i < perIp; i++)
        await countedPromoTry(handle.db, id, ip, () => evaluatePromo(handle.db, id, 'NOPE', 100_000)).catch(() => null);
      refused = await countedPromoTry(handle.db, id, ip, () => evaluatePromo(handle.db, id, 'NOPE', 100_000)).catch(
        (e: Error) => (e.message === PROMO_INVALID ? null : e),
      );
    }
    expect(refused).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many promo code attempts from your network. Please try again in 1 hour.',
    });
  });

  it('says when to try again, counted from the oldest unusable try, as its Retry-After does', async () => {
    const id = await customer();
    const ip = `10.3.${kind.length}.3`;
    // The tries were spent 20 minutes ago: the hour's window frees in 40 minutes, not an hour.
    const then = new Date(Date.now() - 20 * 60_000);
    for (let i = 0; i < promoCustomerLimit().limit; i++)
      await countedPromoTry(handle.db, id, ip, () => evaluatePromo(handle.db, id, `OLD${i}`, 100_000), then).catch(
        () => null,
      );
    const refused = (await countedPromoTry(handle.db, id, ip, () =>
      evaluatePromo(handle.db, id, 'GOOD10', 100_000),
    ).catch((e: unknown) => e)) as { code?: string; message?: string; retryAfter?: number };
    expect(refused).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many promo code attempts. Please try again in 40 minutes.',
    });
    expect(refused.retryAfter).toBeGreaterThan(39 * 60);
    expect(refused.retryAfter).toBeLessThanOrEqual(40 * 60);
  });
});
