/**
 * A staff session's idle end counts actions, not an island's background polls (ADR 0112), on each
 * database kind: an order board polling every few seconds does not keep a session alive past
 * STAFF_IDLE_MINUTES without an action; an action puts the end off; a request is a poll only when
 * it is a GET marked `X-Background-Poll: 1`.
 */
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStaffSession, getStaff, staffForToken, staffIdleMs } from '#features/admin/server/session.ts';
import { addStaff, COMMAND_LINE } from '#features/admin/server/staff.ts';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { type DatabaseHandle, setDatabaseHandleForTests } from '#lib/db/index.ts';
import { staffSessions } from '#lib/db/schema.ts';
import { BACKGROUND_POLL_HEADER } from '#lib/http/background-poll.ts';
import { STAFF_API_COOKIE } from '#lib/http/session-cookie.ts';
import { randomPhone } from '../helpers/api.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const MINUTE = 60_000;
/** How often the board polls in these tests: every few seconds, as an open board does. */
const POLL_EVERY_MS = 5000;

/** Sets STAFF_IDLE_MINUTES (undefined: unset) for the next getConfig(). */
function setIdleMinutes(minutes: string | undefined): void {
  if (minutes === undefined) delete process.env.STAFF_IDLE_MINUTES;
  else process.env.STAFF_IDLE_MINUTES = minutes;
  resetConfigForTests();
}

describe.each(testDatabaseKinds())('a staff session idles out on actions, not polls, on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    setDatabaseHandleForTests(handle);
  });
  afterAll(async () => {
    setDatabaseHandleForTests(undefined);
    await handle?.close();
  });
  afterEach(() => setIdleMinutes(undefined));

  /** A packer's new session opened at `t0`; `at(ms)` is `ms` after it. */
  async function signedIn(t0: Date) {
    const member = await addStaff(
      handle.db,
      { name: 'Idle Test', mobile: randomPhone(), role: 'packer' },
      COMMAND_LINE,
    );
    const { token, sessionId } = await createStaffSession(handle.db, member, t0);
    return { member, token, sessionId, at: (ms: number) => new Date(t0.getTime() + ms) };
  }

  /** Polls `token` every POLL_EVERY_MS from `fromMs` up to (not including) `toMs`; each must be answered. */
  async function pollAlive(token: string, at: (ms: number) => Date, fromMs: number, toMs: number) {
    for (let ms = fromMs; ms < toMs; ms += POLL_EVERY_MS) {
      const member = await staffForToken(handle.db, token, at(ms), { poll: true });
      expect(member, `poll ${ms / 1000} s after sign-in`).not.toBeNull();
    }
  }

  it('ends a session 30 minutes after sign-in though the board polls every few seconds', async () => {
    expect(staffIdleMs()).toBe(30 * MINUTE);
    const { token, at } = await signedIn(new Date('2026-02-01T03:00:00Z'));
    await pollAlive(token, at, POLL_EVERY_MS, 30 * MINUTE);
    expect(await staffForToken(handle.db, token, at(30 * MINUTE), { poll: true })).toBeNull();
    // Once ended, an action does not bring it back.
    expect(await staffForToken(handle.db, token, at(30 * MINUTE + 1000))).toBeNull();
  });

  it('puts the end off by an action, and not by the polls around it', async () => {
    const { member, token, at } = await signedIn(new Date('2026-02-02T03:00:00Z'));
    await pollAlive(token, at, POLL_EVERY_MS, 20 * MINUTE);
    expect(await staffForToken(handle.db, token, at(20 * MINUTE))).toMatchObject({ id: member.id });
    await pollAlive(token, at, 20 * MINUTE + POLL_EVERY_MS, 50 * MINUTE);
    expect(await staffForToken(handle.db, token, at(50 * MINUTE), { poll: true })).toBeNull();
  });

  it('idles out after STAFF_IDLE_MINUTES', async () => {
    setIdleMinutes('5');
    expect(staffIdleMs()).toBe(5 * MINUTE);
    const { member, token, at } = await signedIn(new Date('2026-02-03T03:00:00Z'));
    await pollAlive(token, at, POLL_EVERY_MS, 2 * MINUTE);
    expect(await staffForToken(handle.db, token, at(2 * MINUTE))).toMatchObject({ id: member.id });
    await pollAlive(token, at, 2 * MINUTE + POLL_EVERY_MS, 7 * MINUTE);
    expect(await staffForToken(handle.db, token, at(7 * MINUTE), { poll: true })).toBeNull();
  });

  it('reads a GET marked X-Background-Poll as a poll, and any other request as an action', async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * MINUTE);
    const { member, token, sessionId } = await signedIn(tenMinutesAgo);
    const lastSeen = async () =>
      (
        await handle.db
          .select({ at: staffSessions.lastSeenAt })
          .from(staffSessions)
          .where(eq(staffSessions.id, sessionId))
      )[0]!.at.getTime();
    const age = () =>
      handle.db.update(staffSessions).set({ lastSeenAt: tenMinutesAgo }).where(eq(staffSessions.id, sessionId));
    /** The staff member a request to the back office's API resolves to, with this method and headers. */
    const request = (method: string, headers: Record<string, string> = {}) => {
      const url = new URL('http://127.0.0.1:4321/api/admin/board/version');
      const cookies = { get: (name: string) => (name === STAFF_API_COOKIE ? { value: token } : undefined) };
      return getStaff({
        request: new Request(url, { method, headers }),
        url,
        cookies: cookies as unknown as AstroCookies,
        locals: {} as App.Locals,
      });
    };
    const poll = { [BACKGROUND_POLL_HEADER]: '1' };

    expect(await request('GET', poll)).toMatchObject({ id: member.id });
    expect(await lastSeen()).toBe(tenMinutesAgo.getTime());
    expect(await request('HEAD', poll)).toMatchObject({ id: member.id });
    expect(await lastSeen()).toBe(tenMinutesAgo.getTime());

    for (const [method, headers] of [
      ['GET', {}],
      ['GET', { [BACKGROUND_POLL_HEADER]: 'yes' }],
      ['POST', poll],
      ['PATCH', poll],
    ] as const) {
      await age();
      expect(await request(method, headers)).toMatchObject({ id: member.id });
      expect(await lastSeen(), `${method} ${JSON.stringify(headers)}`).toBeGreaterThan(Date.now() - MINUTE);
    }
  });

  it('takes STAFF_IDLE_MINUTES in whole minutes from 1 to 720', () => {
    for (const bad of ['0', '0.5', '1.5', '721', 'soon']) {
      setIdleMinutes(bad);
      expect(() => getConfig(), bad).toThrow(/STAFF_IDLE_MINUTES/);
    }
    setIdleMinutes('1');
    expect(getConfig().STAFF_IDLE_MINUTES).toBe(1);
  });
});
