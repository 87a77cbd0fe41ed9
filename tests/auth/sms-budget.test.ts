/**
 * What SMS cost the shop, over HTTP on servers of this file's own, on each test database (on
 * PostgreSQL two server processes share one database, so every limit is shown to hold across
 * processes):
 * - only numbers of SMS_ALLOWED_COUNTRIES get a code: 400 with a clear message before any code is
 *   made (nothing counted against the budget);
 * - SMS_PREFIX_LIMIT sends per hour to one block of 100 numbers;
 * - the shop-wide budget (SMS_BUDGET_PER_HOUR): past it 503 with Retry-After and a message that
 *   says when sending resumes, logged at error once per window;
 * - per-IP limits key an IPv6 client by its /64, and behind TRUSTED_PROXIES the client is the
 *   right-most X-Forwarded-For address not a proxy, never what the client wrote.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const BUDGET_PER_HOUR = 8;
const PREFIX_LIMIT = 2;
const LOOKUP_LIMIT = 3;
const COUNTRY_MESSAGE = 'We can send OTPs only to mobile numbers in India.';
/** The spent budget's answer: its hour counts from this file's first send, seconds before. */
const BUDGET_MESSAGE = 'Sign-in by SMS is busy right now. Please try again in 1 hour.';

/** POST `path` with `json`, from `forwardedFor` (the test process is the servers' trusted proxy). */
async function post(baseUrl: string, path: string, json: unknown, forwardedFor: string) {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify(json),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

const ip = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const signUp = (baseUrl: string, mobile: string, from = ip()) =>
  post(baseUrl, '/api/register', { name: 'Budget Test', email: 'budget@example.com', mobile }, from);

describe.each(testDatabaseKinds())('SMS budget and client addresses on %s', (kind) => {
  let servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  const logs: string[] = [];
  /** Server `i` of this database (two on PostgreSQL, one on PGlite). */
  const base = (i: number) => servers[i % servers.length]!.baseUrl;

  beforeAll(async () => {
    const env: Record<string, string> = {
      SMS_BUDGET_PER_HOUR: String(BUDGET_PER_HOUR),
      SMS_BUDGET_PER_DAY: '1000',
      SMS_PREFIX_LIMIT: String(PREFIX_LIMIT),
      AUTH_LOOKUP_LIMIT: String(LOOKUP_LIMIT),
      SEED_DEMO: 'never',
      LOG_LEVEL: 'error',
    };
    if (kind === 'postgres') {
      const db = await createPostgresDatabase();
      drop = db.drop;
      const first = await startServer({ ...env, DATABASE_URL: db.url }, { logs });
      const second = await startServer({ ...env, DATABASE_URL: db.url }, { logs });
      servers = [first, second];
    } else {
      servers = [await startServer(env, { logs })];
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  it('refuses a number outside SMS_ALLOWED_COUNTRIES with a clear 400, before any code is made', async () => {
    for (const mobile of ['+12025550143', '+447911123456', '+971501234567']) {
      const reg = await signUp(base(0), mobile);
      expect(reg.status).toBe(400);
      expect(reg.body).toMatchObject({ success: false, message: COUNTRY_MESSAGE, errors: { mobile: COUNTRY_MESSAGE } });
      expect(JSON.stringify(reg.body)).not.toMatch(/demo_otp/);
      const login = await post(base(1), '/api/validate-customer', { key: mobile, otp: '' }, ip());
      expect(login.status).toBe(400);
      expect(login.body).toMatchObject({ message: COUNTRY_MESSAGE, errors: { key: COUNTRY_MESSAGE } });
    }
  });

  it('limits sends to one block of 100 numbers, from any address', async () => {
    const block = `+9198${String(randomInt(0, 10_000_000)).padStart(7, '0')}`.slice(0, 11);
    for (let i = 0; i < PREFIX_LIMIT; i++) expect((await signUp(base(i), `${block}${10 + i}`)).status).toBe(200);
    const refused = await signUp(base(PREFIX_LIMIT), `${block}99`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many OTP requests for numbers like this one. Please try again in 1 hour.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keys an IPv6 client by its /64, and a proxied client by the right-most untrusted X-Forwarded-For entry', async () => {
    const [a, b] = [randomInt(0, 65535), randomInt(0, 65535)];
    const net = `2001:db8:${a.toString(16)}:${b.toString(16)}`;
    // Every address of one /64 is one client for the look-up limit.
    for (let i = 1; i <= LOOKUP_LIMIT; i++)
      expect(
        (await post(base(i), '/api/validate-customer', { key: randomPhone(), otp: '' }, `${net}::${i}`)).status,
      ).toBe(404);
    const same64 = await post(base(0), '/api/validate-customer', { key: randomPhone(), otp: '' }, `${net}:ffff::9`);
    expect(same64.status).toBe(429);
    // A neighbouring /64 is another client.
    const other = await post(
      base(0),
      '/api/validate-customer',
      { key: randomPhone(), otp: '' },
      `2001:db8:${a.toString(16)}:${((b + 1) % 65536).toString(16)}::1`,
    );
    expect(other.status).toBe(404);

    // What the client writes left of the proxy's entry never counts: rotating it does not help.
    const real = ip();
    for (let i = 0; i < LOOKUP_LIMIT; i++)
      expect(
        (await post(base(i), '/api/validate-customer', { key: randomPhone(), otp: '' }, `${ip()}, ${real}`)).status,
      ).toBe(404);
    const rotated = await post(base(0), '/api/validate-customer', { key: randomPhone(), otp: '' }, `${ip()}, ${real}`);
    expect(rotated.status).toBe(429);
  });

  it('answers 503 with Retry-After and when sending resumes once the shop-wide budget is spent, and logs it at error once', async () => {
    // Earlier tests spent some of the budget; spend the rest from many addresses and blocks.
    let sent = 0;
    let refused: Awaited<ReturnType<typeof signUp>> | undefined;
    for (let i = 0; i < BUDGET_PER_HOUR + 1 && !refused; i++) {
      const res = await signUp(base(i), randomPhone());
      if (res.status === 200) sent++;
      else refused = res;
    }
    expect(sent).toBeGreaterThan(0);
    expect(refused?.status).toBe(503);
    expect(refused?.body).toMatchObject({ success: false, message: BUDGET_MESSAGE });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // More refusals, from every server process: still one error line for the window.
    for (let i = 0; i < 4; i++) expect((await signUp(base(i), randomPhone())).status).toBe(503);
    await new Promise((r) => setTimeout(r, 300));
    const alerts = logs.filter((line) => line.includes('SMS budget spent'));
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(alerts[0]!)).toMatchObject({ level: 50, perHour: BUDGET_PER_HOUR });
  });
});

describe('without TRUSTED_PROXIES (the default)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUSTED_PROXIES: '', AUTH_LOOKUP_LIMIT: String(LOOKUP_LIMIT), SEED_DEMO: 'never' });
  });
  afterAll(() => server.stop());

  it('counts every request as the connecting address, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < LOOKUP_LIMIT; i++)
      expect((await post(server.baseUrl, '/api/validate-customer', { key: randomPhone(), otp: '' }, ip())).status).toBe(
        404,
      );
    const res = await post(server.baseUrl, '/api/validate-customer', { key: randomPhone(), otp: '' }, ip());
    expect(res.status).toBe(429);
  });
});
