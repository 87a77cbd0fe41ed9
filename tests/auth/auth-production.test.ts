/**
 * Sign-in as `npm start` runs it (NODE_ENV=production), on servers of this file's own:
 * - no SMS_SENDER: the shop serves pages, but every OTP send (customer and staff) answers 503
 *   with Retry-After and no code anywhere in the answer; staff read that an operator must set
 *   SMS_SENDER;
 * - SMS_SENDER=http to a fake gateway: 6-digit codes by default, delivered only by SMS (never in
 *   the answer), and the per-IP flood backstop (AUTH_IP_LIMIT, set low here), which says when to
 *   try again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiResult, randomPhone, readablePhone } from '../helpers/api.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { FakeSmsGateway } from '../helpers/sms-gateway.ts';

const SMS_OFF = 'Sign-in by SMS is not available right now. Please try again later.';
/** Staff read that it is a setup step and who takes it. */
const STAFF_SMS_OFF =
  'Sign-in by SMS is not set up yet: an operator must set SMS_SENDER on the server (see README, "Configuration"), then staff can sign in.';

/** Everything a client sees of an answer: status, headers and body, as one string. */
function wholeAnswer(res: ApiResult): string {
  return `${res.status} ${JSON.stringify([...res.headers])} ${JSON.stringify(res.body)}`;
}

describe('production without SMS_SENDER', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DEMO_MODE: '', SEED_DEMO: 'never' });
  });
  afterAll(() => server?.stop());

  it('answers every OTP send with 503, Retry-After and a message for customers or for staff, never a code', async () => {
    const c = new ApiClient(server.baseUrl);
    const phone = randomPhone();
    for (const [res, message] of [
      [await c.post('/api/register', { json: { name: 'Asha', email: 'asha@example.com', mobile: phone } }), SMS_OFF],
      [await c.post('/api/validate-customer', { json: { key: phone, otp: '' } }), SMS_OFF],
      [await c.post('/api/admin/login/otp', { json: { mobile: phone } }), STAFF_SMS_OFF],
    ] as const) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(wholeAnswer(res)).not.toMatch(/demo_otp|otp_sent/);
    }
    // No code was made, so none can be guessed either.
    const guess = await c.post('/api/otp-login', { json: { key: phone, otp: '123456' } });
    expect(guess.status).toBe(400);
    expect(guess.body.message).toBe('No active OTP for this number. Please request a new one.');
  });

  it('still serves the shop', async () => {
    const c = new ApiClient(server.baseUrl);
    expect((await c.get('/api/customer/product-categories')).status).toBe(200);
    expect((await c.get('/readyz')).status).toBe(200);
  });
});

describe('production with an HTTP SMS gateway', () => {
  const gateway = new FakeSmsGateway();
  let server: RunningServer;
  beforeAll(async () => {
    const url = await gateway.start();
    server = await startServer({
      DEMO_MODE: '',
      SMS_SENDER: 'http',
      SMS_GATEWAY_URL: url,
      SMS_GATEWAY_TOKEN: 't',
      SEED_DEMO: 'never',
      AUTH_IP_LIMIT: '30',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await gateway.stop();
  });

  it('sends 6-digit codes by SMS only, and signs up with one', async () => {
    const c = new ApiClient(server.baseUrl, true);
    const phone = randomPhone();
    const reg = await c.post('/api/register', { json: { name: 'Asha', email: 'asha@example.com', mobile: phone } });
    expect(reg.status).toBe(200);
    expect(reg.body.data).toEqual({ otp_sent: true, expires_in: 300, otp_length: 6 });
    expect(reg.body.message).toBe(`We sent an OTP to ${readablePhone(phone)}.`);
    const code = await gateway.code(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(wholeAnswer(reg)).not.toContain(code);
    const four = await c.post('/api/otp-login', { json: { key: phone, otp: code.slice(0, 4) } });
    expect(four.body.message).toBe('Please enter a 6-digit OTP');
    const login = await c.post('/api/otp-login', { json: { key: phone, otp: code } });
    expect(login.status).toBe(200);
    expect(login.body.data).not.toHaveProperty('token');
    expect((await c.get('/api/customer/session')).body.data.customer.mobile).toBe(phone);
  });

  it('refuses an address past AUTH_IP_LIMIT sign-in requests in 10 minutes (the flood backstop), not its neighbours', async () => {
    const flood = new ApiClient(server.baseUrl);
    const phone = randomPhone();
    for (let i = 0; i < 30; i++)
      expect((await flood.post('/api/validate-customer', { json: { key: phone, otp: '' } })).status).toBe(404);
    const over = await flood.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    expect(over.status).toBe(429);
    // The message says when to try again: the 10 minutes' window, counted from the first request just now.
    expect(over.body.message).toBe('Too many sign-in attempts from your network. Please try again in 10 minutes.');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(10 * 60);
    expect((await flood.post('/api/otp-login', { json: { key: phone, otp: '123456' } })).status).toBe(429);
    expect(
      (await new ApiClient(server.baseUrl).post('/api/validate-customer', { json: { key: phone, otp: '' } })).status,
    ).toBe(404);
  });
});
