/**
 * Code requests never wait for the SMS gateway, on servers of this file's own with an HTTP SMS
 * gateway (a fake one, slow, failing or holding its answers), on each test database:
 * - a staff mobile and a stranger's get the same status, body and headers in the same time
 *   (medians within 50 ms against a gateway that takes 300 ms), and only the staff mobile gets
 *   its code, which signs in;
 * - with the gateway failing both still get the same 200, and the failure is logged and counted
 *   with the number masked and without the code;
 * - a customer's sign-up and login codes are answered while the gateway still holds the SMS, and
 *   the spec's 404 and 409 answers stay.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomPhone, readablePhone } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { FakeSmsGateway } from '../helpers/sms-gateway.ts';
import { DEMO_STAFF_PHONE } from './staff-helpers.ts';

const GATEWAY_DELAY_MS = 300;
const ROUNDS = 7;

/** An answer as a client sees it, headers that differ per request (date, request id) left out. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  ms: number;
}

const ip = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** POSTs `json` to `path` from a fresh client address and times the whole answer. */
async function post(baseUrl: string, path: string, json: unknown): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip() },
    body: JSON.stringify(json),
  });
  const body: unknown = await res.json();
  const ms = performance.now() - started;
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));
  return { status: res.status, headers, body, ms };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The answer without its time. */
const seen = ({ status, headers, body }: Answer) => ({ status, headers, body });

describe.each(testDatabaseKinds())('code requests and the SMS gateway on %s', (kind) => {
  const gateway = new FakeSmsGateway();
  const logs: string[] = [];
  let server: RunningServer;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // Demo mode for the demo shop's staff; SMS_SENDER=http sends real SMS (no codes on screen).
    const env: Record<string, string> = { SMS_SENDER: 'http', SMS_GATEWAY_URL: await gateway.start() };
    if (kind === 'postgres') {
      const db = await createPostgresDatabase();
      drop = db.drop;
      env.DATABASE_URL = db.url;
    }
    server = await startServer(env, { logs });
  });
  afterAll(async () => {
    await server?.stop();
    await gateway.stop();
    await drop?.();
  });

  it('answers a staff mobile and a stranger’s alike, in the same time, against a slow gateway', async () => {
    gateway.delayMs = GATEWAY_DELAY_MS;
    const staffPhone = DEMO_STAFF_PHONE.manager;
    // One request of each first, so neither side pays for the server's first use of a query.
    await post(server.baseUrl, '/api/admin/login/otp', { mobile: DEMO_STAFF_PHONE.owner });
    await post(server.baseUrl, '/api/admin/login/otp', { mobile: randomPhone() });

    const staff: Answer[] = [];
    const strangers: Answer[] = [];
    const strangerPhones: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      staff.push(await post(server.baseUrl, '/api/admin/login/otp', { mobile: staffPhone }));
      const phone = randomPhone();
      strangerPhones.push(phone);
      strangers.push(await post(server.baseUrl, '/api/admin/login/otp', { mobile: phone }));
    }

    expect(staff[0]!.status).toBe(200);
    expect(staff[0]!.body).toEqual({
      success: true,
      message: `We sent a code to ${readablePhone(staffPhone)}.`,
      data: { otp_sent: true, expires_in: 300, otp_length: 6 },
    });
    for (const [i, answer] of staff.entries()) {
      expect(seen(answer)).toEqual(seen(staff[0]!));
      const stranger = strangers[i]!;
      expect(seen(stranger)).toEqual({
        ...seen(answer),
        body: { ...(answer.body as object), message: `We sent a code to ${readablePhone(strangerPhones[i]!)}.` },
      });
    }
    const staffMedian = median(staff.map((a) => a.ms));
    const strangerMedian = median(strangers.map((a) => a.ms));
    expect(Math.abs(staffMedian - strangerMedian)).toBeLessThan(50);
    // Neither waited for the gateway.
    expect(staffMedian).toBeLessThan(GATEWAY_DELAY_MS);

    // Every staff code reached the gateway after its answer; the strangers got none.
    const code = await gateway.code(staffPhone, ROUNDS);
    for (const phone of strangerPhones) expect(gateway.to(phone)).toEqual([]);
    // A code typed for a stranger's mobile is refused as a wrong one is for staff.
    const wrongCode = code === '123456' ? '654321' : '123456';
    const wrong = await post(server.baseUrl, '/api/admin/login', { mobile: staffPhone, otp: wrongCode });
    const guess = await post(server.baseUrl, '/api/admin/login', { mobile: strangerPhones[0], otp: wrongCode });
    expect(seen(guess)).toEqual(seen(wrong));
    expect(guess.body).toMatchObject({ success: false, message: 'Invalid OTP' });
    const signIn = await post(server.baseUrl, '/api/admin/login', { mobile: staffPhone, otp: code });
    expect(signIn.status).toBe(200);
  });

  it('answers both 200 with the gateway failing, and logs and counts the failure without the number or the code', async () => {
    gateway.delayMs = 0;
    gateway.failing = true;
    try {
      const staffPhone = DEMO_STAFF_PHONE.packer;
      const stranger = randomPhone();
      const staffAnswer = await post(server.baseUrl, '/api/admin/login/otp', { mobile: staffPhone });
      const strangerAnswer = await post(server.baseUrl, '/api/admin/login/otp', { mobile: stranger });
      expect(staffAnswer.status).toBe(200);
      expect(seen(strangerAnswer)).toEqual({
        ...seen(staffAnswer),
        body: { ...(staffAnswer.body as object), message: `We sent a code to ${readablePhone(stranger)}.` },
      });

      const code = await gateway.code(staffPhone);
      const masked = `+91••••••${staffPhone.slice(-2)}`;
      const failure = await vi.waitFor(() => {
        const line = logs.find((l) => l.includes('Sign-in code not delivered') && l.includes(masked));
        if (!line) throw new Error('no failure logged yet');
        return JSON.parse(line) as { level: number; smsQueue: { failed: number } };
      });
      expect(failure.level).toBe(40);
      expect(failure.smsQueue.failed).toBeGreaterThanOrEqual(1);
      for (const line of logs) {
        expect(line).not.toContain(staffPhone);
        expect(line).not.toContain(staffPhone.slice(1));
        expect(line).not.toContain(`${code} is your`);
      }
      expect(gateway.to(stranger)).toEqual([]);
    } finally {
      gateway.failing = false;
    }
  });

  it('answers a customer’s sign-up and login while the gateway still holds the SMS, and keeps the spec’s 404 and 409', async () => {
    gateway.delayMs = 0;
    gateway.holding = true;
    const phone = randomPhone();
    try {
      const signUp = await post(server.baseUrl, '/api/register', {
        name: 'Asha',
        email: 'asha@example.com',
        mobile: phone,
      });
      expect(signUp.status).toBe(200);
      expect(signUp.body).toMatchObject({ success: true, data: { otp_sent: true, otp_length: 6 } });
      const code = await gateway.code(phone);
      // The gateway has the SMS and has not answered: the sign-up did not wait for it.
      expect(gateway.heldCount).toBeGreaterThanOrEqual(1);
      gateway.release();
      expect((await post(server.baseUrl, '/api/otp-login', { key: phone, otp: code })).status).toBe(200);

      gateway.holding = true;
      const login = await post(server.baseUrl, '/api/validate-customer', { key: phone, otp: '' });
      expect(login.status).toBe(200);
      await gateway.code(phone, 2);
      expect(gateway.heldCount).toBeGreaterThanOrEqual(1);
    } finally {
      gateway.release();
    }
    const unknown = await post(server.baseUrl, '/api/validate-customer', { key: randomPhone(), otp: '' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      success: false,
      message: 'No account found for this mobile number. Please sign up first.',
    });
    const again = await post(server.baseUrl, '/api/register', {
      name: 'Asha',
      email: 'asha@example.com',
      mobile: phone,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: 'An account with this mobile number already exists. Please log in.',
    });
  });
});
