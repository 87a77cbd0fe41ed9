/**
 * Session life on each test database: 30 days absolute and SESSION_IDLE_DAYS (7) counted from the
 * last use, which is written at most once an hour; and "Log out of all devices" over HTTP, which
 * ends every session of the customer (cookie and Bearer alike) and no one else's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSession, customerForToken } from '#features/auth/server/session.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, sessions } from '#lib/db/schema.ts';
import { ApiClient, randomPhone } from '../helpers/api.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const DAY_MS = 86_400_000;

describe.each(testDatabaseKinds())('session life on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle?.close());

  async function session() {
    const [c] = await handle.db.insert(customers).values({ name: 'Idle', phone: randomPhone() }).returning();
    return createSession(handle.db, c!.id);
  }
  const setSession = (id: number, values: Partial<typeof sessions.$inferInsert>) =>
    handle.db.update(sessions).set(values).where(eq(sessions.id, id));
  const lastSeen = async (id: number) =>
    (await handle.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]!.at!;

  it('ends a session unused for SESSION_IDLE_DAYS (7), and keeps one used within them', async () => {
    const idle = await session();
    await setSession(idle.sessionId, { lastSeenAt: new Date(Date.now() - 7 * DAY_MS - 60_000) });
    expect(await customerForToken(handle.db, idle.token)).toBeNull();

    const used = await session();
    await setSession(used.sessionId, { lastSeenAt: new Date(Date.now() - 6 * DAY_MS) });
    expect(await customerForToken(handle.db, used.token)).not.toBeNull();
    // The use counts: it is 7 days from now that the session would end.
    expect(Date.now() - (await lastSeen(used.sessionId)).getTime()).toBeLessThan(60_000);
  });

  it('ends a session after 30 days however often it is used', async () => {
    const old = await session();
    await setSession(old.sessionId, { expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() });
    expect(await customerForToken(handle.db, old.token)).toBeNull();
  });

  it('writes the last use at most once an hour', async () => {
    const s = await session();
    const recent = new Date(Date.now() - 30 * 60_000);
    await setSession(s.sessionId, { lastSeenAt: recent });
    await Promise.all(Array.from({ length: 5 }, () => customerForToken(handle.db, s.token)));
    expect((await lastSeen(s.sessionId)).getTime()).toBe(recent.getTime());
    const older = new Date(Date.now() - 61 * 60_000);
    await setSession(s.sessionId, { lastSeenAt: older });
    await customerForToken(handle.db, s.token);
    expect((await lastSeen(s.sessionId)).getTime()).toBeGreaterThan(older.getTime());
  });
});

describe.each(inject('servers'))('log out of all devices on $kind', ({ baseUrl }) => {
  it('ends every session of the customer, cookie and Bearer, and clears the cookie; others stay signed in', async () => {
    const phone = randomPhone();
    const onPhone = new ApiClient(baseUrl);
    await onPhone.signUp(phone);
    // The same customer on a laptop (cookie) and a second app (Bearer).
    const onLaptop = new ApiClient(baseUrl, true);
    const send = await onLaptop.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    expect((await onLaptop.post('/api/otp-login', { json: { key: phone, otp: send.body.data.demo_otp } })).status).toBe(
      200,
    );
    const other = new ApiClient(baseUrl);
    await other.signUp();
    for (const c of [onPhone, onLaptop, other]) expect((await c.get('/api/customer/session')).status).toBe(200);

    const res = await onLaptop.post('/api/customer/logout-all-devices');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'You have been logged out of all devices.',
      data: { sessions_ended: 2 },
    });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('ff_session='));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    for (const c of [onPhone, onLaptop]) {
      const after = await c.get('/api/customer/session');
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('Please log in to continue.');
    }
    expect((await other.get('/api/customer/session')).status).toBe(200);
  });

  it('answers 401 without a session and 405 to a GET', async () => {
    const guest = new ApiClient(baseUrl);
    expect((await guest.post('/api/customer/logout-all-devices')).status).toBe(401);
    expect((await guest.get('/api/customer/logout-all-devices')).status).toBe(405);
  });
});
