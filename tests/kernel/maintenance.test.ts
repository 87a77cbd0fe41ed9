/**
 * Database clean-up: on a fresh database of each kind, pruning deletes throttle
 * events older than 48 h, sessions ended more than 7 days ago and OTPs expired more than a day
 * ago, catalogue change feed entries older than a day, and keeps everything still live or recent. Two prunes at once (the `prune` job and
 * `npm run db:prune`) both succeed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { pruneDatabase } from '#lib/db/maintenance.ts';
import { catalogChanges, customers, otps, rateLimitEvents, sessions } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('database pruning on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('deletes old throttle events, ended sessions, expired codes and old feed entries; keeps live and recent ones', async () => {
    const { db } = handle;
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const [customer] = await db
      .insert(customers)
      .values({ name: 'Prune Test', phone: '+919800000001' })
      .returning({ id: customers.id });
    const customerId = customer!.id;

    await db.insert(rateLimitEvents).values([
      { bucket: 'auth:ip', key: 'old', createdAt: ago(3 * DAY) },
      { bucket: 'otp_fail:phone', key: 'old', createdAt: ago(49 * HOUR) },
      { bucket: 'otp_fail:phone', key: 'recent', createdAt: ago(23 * HOUR) },
      { bucket: 'auth:ip', key: 'recent', createdAt: ago(60_000) },
    ]);
    await db.insert(sessions).values([
      { customerId, tokenHash: 'expired-long-ago', expiresAt: ago(8 * DAY) },
      { customerId, tokenHash: 'revoked-long-ago', expiresAt: new Date(now + 20 * DAY), revokedAt: ago(8 * DAY) },
      { customerId, tokenHash: 'expired-yesterday', expiresAt: ago(DAY) },
      { customerId, tokenHash: 'revoked-today', expiresAt: new Date(now + 20 * DAY), revokedAt: ago(HOUR) },
      { customerId, tokenHash: 'live', expiresAt: new Date(now + 20 * DAY) },
    ]);
    await db.insert(otps).values([
      { phone: '+919800000001', purpose: 'login', codeHash: 'expired-2-days', expiresAt: ago(2 * DAY) },
      {
        phone: '+919800000001',
        purpose: 'login',
        codeHash: 'consumed-2-days',
        expiresAt: ago(2 * DAY),
        consumedAt: ago(2 * DAY),
      },
      { phone: '+919800000001', purpose: 'login', codeHash: 'expired-1-hour', expiresAt: ago(HOUR) },
      { phone: '+919800000001', purpose: 'login', codeHash: 'live', expiresAt: new Date(now + 4 * 60_000) },
    ]);

    await db.insert(catalogChanges).values([
      { entity: 'products', entityId: -1, op: 'update', changedAt: ago(2 * DAY) },
      { entity: 'products', entityId: -2, op: 'update', changedAt: ago(HOUR) },
    ]);

    const [a, b] = await Promise.all([pruneDatabase(db), pruneDatabase(db)]);
    expect(a.catalogChanges + b.catalogChanges).toBe(1);
    const feed = await db.select({ entityId: catalogChanges.entityId }).from(catalogChanges);
    expect(feed.map((f) => f.entityId)).toContain(-2);
    expect(feed.map((f) => f.entityId)).not.toContain(-1);
    expect(a.rateLimitEvents + b.rateLimitEvents).toBe(2);
    expect(a.sessions + b.sessions).toBe(2);
    expect(a.otps + b.otps).toBe(2);

    const events = await db.select({ bucket: rateLimitEvents.bucket, key: rateLimitEvents.key }).from(rateLimitEvents);
    expect(events.map((e) => `${e.bucket}/${e.key}`).sort()).toEqual(['auth:ip/recent', 'otp_fail:phone/recent']);
    const left = await db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((s) => s.tokenHash).sort()).toEqual(['expired-yesterday', 'live', 'revoked-today']);
    const codes = await db.select({ codeHash: otps.codeHash }).from(otps);
    expect(codes.map((c) => c.codeHash).sort()).toEqual(['expired-1-hour', 'live']);

    // A second run finds nothing more to do.
    expect(await pruneDatabase(db)).toEqual({ rateLimitEvents: 0, sessions: 0, otps: 0, catalogChanges: 0 });
  });
});
