/** Sign-up, login, OTP rules, throttles and sessions over HTTP, on every test database. */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, randomPhone } from '../helpers/api.ts';

describe.each(inject('servers'))('auth API on $kind', ({ baseUrl }) => {
  it('refuses an incomplete sign-up with the spec messages', async () => {
    const c = new ApiClient(baseUrl);
    const missing = await c.post('/api/register', { json: { name: '', email: 'a@b.co', mobile: randomPhone() } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, message: 'Please fill in all fields' });
    const badEmail = await c.post('/api/register', {
      json: { name: 'Asha', email: 'not-an-email', mobile: randomPhone() },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid email');
    const noPhone = await c.post('/api/validate-customer', { json: { key: '', otp: '' } });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toBe('Please enter your mobile number');
  });

  it('signs up with a server OTP, adds the "+" to the phone, and opens a session', async () => {
    const c = new ApiClient(baseUrl);
    const phone = randomPhone();
    const reg = await c.post('/api/register', {
      multipart: { name: 'Asha Menon', email: 'asha@example.com', mobile: phone.slice(1) },
    });
    expect(reg.status).toBe(200);
    // Demo mode (the test servers run with DEMO_MODE=true): 4 digits, and the length is announced.
    expect(reg.body.data).toMatchObject({ otp_sent: true, otp_length: 4 });
    expect(reg.body.data.demo_otp).toMatch(/^\d{4}$/);
    const badOtp = await c.post('/api/otp-login', { json: { key: phone, otp: '12' } });
    expect(badOtp.body.message).toBe('Please enter a 4-digit OTP');
    const login = await c.post(
      '/api/otp-login',
      { json: { key: phone, otp: reg.body.data.demo_otp } },
      { 'x-token-transport': 'bearer' },
    );
    expect(login.status).toBe(200);
    expect(login.body.message).toBe('You have logged in successfully');
    expect(login.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.headers.get('set-cookie')).toMatch(/ff_session=.*HttpOnly/i);
    c.token = login.body.data.token;
    const me = await c.get('/api/customer/session');
    expect(me.body.data.customer).toMatchObject({ name: 'Asha Menon', email: 'asha@example.com', mobile: phone });
    // The same code cannot be used twice.
    const again = await c.post('/api/otp-login', { json: { key: phone, otp: reg.body.data.demo_otp } });
    expect(again.status).toBe(400);
    // The phone now has an account.
    const dup = await c.post('/api/register', { json: { name: 'Other', email: 'o@example.com', mobile: phone } });
    expect(dup.status).toBe(409);
  });

  it('reads a mobile number typed without its country code as Indian (the default country)', async () => {
    const c = new ApiClient(baseUrl);
    const national = randomPhone().slice(3); // 10 digits, e.g. 9876543210
    const reg = await c.post('/api/register', {
      json: { name: 'Asha', email: 'asha@example.com', mobile: `${national.slice(0, 5)} ${national.slice(5)}` },
    });
    expect(reg.status).toBe(200);
    // Demo mode sends no SMS: the message says the code is on screen (it is in demo_otp).
    expect(reg.body.message).toBe(`Your OTP for +91 ${national.slice(0, 5)} ${national.slice(5)} is shown on screen.`);
    const login = await c.post(
      '/api/otp-login',
      { json: { key: national, otp: reg.body.data.demo_otp } },
      { 'x-token-transport': 'bearer' },
    );
    expect(login.status).toBe(200);
    expect(login.body.data.customer.mobile).toBe(`+91${national}`);
    const again = await c.post('/api/validate-customer', { json: { key: national, otp: '' } });
    expect(again.body.message).toBe(
      `Your OTP for +91 ${national.slice(0, 5)} ${national.slice(5)} is shown on screen.`,
    );
    const bad = await c.post('/api/validate-customer', { json: { key: '98765', otp: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid mobile number');
  });

  it('logs a known customer in with a new token each time; unknown numbers are refused', async () => {
    const c = new ApiClient(baseUrl);
    const { phone } = await c.signUp();
    const first = c.token;
    const unknown = await c.post('/api/validate-customer', { json: { key: randomPhone(), otp: '' } });
    expect(unknown.status).toBe(404);
    const sent = await c.post('/api/validate-customer', { form: { key: phone, otp: '' } });
    expect(sent.status).toBe(200);
    const login = await c.post(
      '/api/otp-login',
      { json: { key: phone, otp: sent.body.data.demo_otp } },
      { 'x-token-transport': 'Bearer' },
    );
    expect(login.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.body.data.token).not.toBe(first);
  });

  it('keeps the session token out of the body unless the client asks with X-Token-Transport: bearer', async () => {
    const web = new ApiClient(baseUrl, true);
    const phone = randomPhone();
    const reg = await web.post('/api/register', { json: { name: 'Asha', email: 'asha@example.com', mobile: phone } });
    const login = await web.post('/api/otp-login', { json: { key: phone, otp: reg.body.data.demo_otp } });
    expect(login.status).toBe(200);
    expect(login.body.data).not.toHaveProperty('token');
    expect(login.body.data.customer.mobile).toBe(phone);
    const cookieToken = /ff_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(cookieToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(login.body)).not.toContain(cookieToken!);
    // The cookie alone is the session.
    expect((await web.get('/api/customer/session')).body.data.customer.mobile).toBe(phone);
    // Any other value of the header is not a request for the token.
    const sent = await web.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    const other = await web.post(
      '/api/otp-login',
      { json: { key: phone, otp: sent.body.data.demo_otp } },
      { 'x-token-transport': 'cookie' },
    );
    expect(other.status).toBe(200);
    expect(other.body.data).not.toHaveProperty('token');
  });

  it('kills a code after 5 wrong tries, saying so on the fifth: the right one is refused afterwards', async () => {
    const c = new ApiClient(baseUrl);
    const { phone } = await c.signUp();
    const sent = await c.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    const right = sent.body.data.demo_otp as string;
    const wrong = right === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) {
      const r = await c.post('/api/otp-login', { json: { key: phone, otp: wrong } });
      expect(r.status).toBe(400);
      // The spec's message as it is, and the tries left before the code is spent beside it.
      expect(r.body).toEqual({ success: false, message: 'Invalid OTP', data: { otp_tries_left: 4 - i } });
    }
    // The fifth wrong try kills the code and says so, marked spent (the dialog takes the demo code away).
    const fifth = await c.post('/api/otp-login', { json: { key: phone, otp: wrong } });
    expect(fifth.status).toBe(400);
    expect(fifth.body).toEqual({
      success: false,
      message: 'Too many wrong attempts. Please request a new OTP.',
      data: { otp_spent: true },
    });
    const late = await c.post('/api/otp-login', { json: { key: phone, otp: right } });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/request a new OTP/);
    expect(late.body.data).toEqual({ otp_spent: true });
  });

  it('counts the tries left down to the wrong-code lock when it comes before the code is spent', async () => {
    const c = new ApiClient(baseUrl);
    const { phone } = await c.signUp();
    const triesLeft = async (otp: string) => {
      const r = await c.post('/api/otp-login', { json: { key: phone, otp } });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toBe('Invalid OTP');
      return r.body.data.otp_tries_left as number;
    };
    const wrongFor = (res: { body: { data: { demo_otp: string } } }) =>
      res.body.data.demo_otp === '0000' ? '1111' : '0000';
    // Two wrong tries on one code, four on the next (6 from this address): each answer counts
    // the code's own five tries down.
    const one = await c.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    expect([await triesLeft(wrongFor(one)), await triesLeft(wrongFor(one))]).toEqual([4, 3]);
    const two = await c.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    const counted: number[] = [];
    for (let i = 0; i < 4; i++) counted.push(await triesLeft(wrongFor(two)));
    expect(counted).toEqual([4, 3, 2, 1]);
    // A fresh code has five tries, but this address has 4 wrong tries left before the lock (10 a
    // day): the count says so, and the try after the last one is the lock.
    const three = await c.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    const nearLock: number[] = [];
    for (let i = 0; i < 3; i++) nearLock.push(await triesLeft(wrongFor(three)));
    expect(nearLock).toEqual([3, 2, 1]);
    const locked = await c.post('/api/otp-login', { json: { key: phone, otp: wrongFor(three) } });
    expect(locked.status).toBe(429);
    expect(locked.body.data).toEqual({ otp_locked: true });
  });

  it('cancels an older code when a new one is sent', async () => {
    const c = new ApiClient(baseUrl);
    const { phone } = await c.signUp();
    const one = await c.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    const two = await c.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    if (one.body.data.demo_otp !== two.body.data.demo_otp) {
      const old = await c.post('/api/otp-login', { json: { key: phone, otp: one.body.data.demo_otp } });
      expect(old.status).toBe(400);
    }
    const fresh = await c.post('/api/otp-login', { json: { key: phone, otp: two.body.data.demo_otp } });
    expect(fresh.status).toBe(200);
  });

  it('keeps a pending phone change’s codes live when a sign-in code goes to either number', async () => {
    const c = new ApiClient(baseUrl);
    const { phone } = await c.signUp();
    const next = randomPhone();
    const change = await c.post('/api/customer/update-profile', {
      json: { name: 'Asha K', email: 'asha@example.com', mobile: next },
    });
    expect(change.status).toBe(200);
    // A sign-in code to the current number, and a sign-up code to the new one.
    const login = await new ApiClient(baseUrl).post('/api/validate-customer', { json: { key: phone, otp: '' } });
    expect(login.status).toBe(200);
    const signup = await new ApiClient(baseUrl).post('/api/register', {
      json: { name: 'Ravi', email: 'ravi@example.com', mobile: next },
    });
    expect(signup.status).toBe(200);
    const verified = await c.post('/api/customer/verify-phone', {
      json: { mobile: next, otp: change.body.data.demo_otp, current_otp: change.body.data.current_demo_otp },
    });
    expect(verified.status).toBe(200);
    expect((await c.get('/api/customer/profile')).body.data.user.mobile).toBe(next);
  });

  it('throttles the 6th OTP send to one phone from one address within an hour with 429 and Retry-After', async () => {
    const c = new ApiClient(baseUrl);
    const { phone } = await c.signUp(); // send 1
    for (let i = 0; i < 4; i++)
      expect((await c.post('/api/validate-customer', { json: { key: phone, otp: '' } })).status).toBe(200);
    const sixth = await c.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    expect(sixth.status).toBe(429);
    // The message says when to ask again: the hour's window, counted from the first send just now.
    expect(sixth.body.message).toBe('Too many OTP requests for this number. Please try again in 1 hour.');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // The owner, from another address, still gets a code.
    const owner = new ApiClient(baseUrl);
    expect((await owner.post('/api/validate-customer', { json: { key: phone, otp: '' } })).status).toBe(200);
  });

  it('locks wrong guesses per (phone, address) at the 10th, announced at once; no code is sent there; the owner elsewhere signs in', async () => {
    const owner = new ApiClient(baseUrl);
    const { phone } = await owner.signUp();
    const attacker = new ApiClient(baseUrl);
    const lockMessage = 'Too many wrong OTP attempts for this number. Please try again in 24 hours.';
    /** The wrong-code lock's 429, whose Retry-After counts the day from the first wrong try just now. */
    const expectLocked = (res: { status: number; body: unknown; headers: Headers }) => {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ success: false, message: lockMessage, data: { otp_locked: true } });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 3600);
    };
    const first = await attacker.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    const wrong = first.body.data.demo_otp === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++)
      expect((await attacker.post('/api/otp-login', { json: { key: phone, otp: wrong } })).status).toBe(400);
    const second = await attacker.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    expect(second.status).toBe(200);
    const wrong2 = second.body.data.demo_otp === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++)
      expect((await attacker.post('/api/otp-login', { json: { key: phone, otp: wrong2 } })).status).toBe(400);
    // The 10th wrong try from this address answers the lock itself, not "request a new OTP".
    expectLocked(await attacker.post('/api/otp-login', { json: { key: phone, otp: wrong2 } }));
    // Sends from here are refused with the same 429, and no code is made or shown.
    const resend = await attacker.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    expectLocked(resend);
    expect(JSON.stringify(resend.body)).not.toMatch(/demo_otp/);
    // The code sent before the lock is refused too, even right.
    expectLocked(await attacker.post('/api/otp-login', { json: { key: phone, otp: second.body.data.demo_otp } }));
    // The owner, from their own address, is not locked out.
    const sent = await owner.post('/api/validate-customer', { json: { key: phone, otp: '' } });
    const login = await owner.post('/api/otp-login', { json: { key: phone, otp: sent.body.data.demo_otp } });
    expect(login.status).toBe(200);
  });

  it('serves many customers behind one address (carrier-grade NAT) but limits look-ups of distinct phones per address', async () => {
    const nat = new ApiClient(baseUrl);
    const phones = Array.from({ length: 100 }, () => randomPhone());
    // 100 different numbers from one address in a row, as many customers behind one NAT send:
    // all answered (unknown numbers: 404), none refused.
    for (const key of phones)
      expect((await nat.post('/api/validate-customer', { json: { key, otp: '' } })).status).toBe(404);
    // The 101st distinct number within the hour is refused, also as a sign-up.
    const over = await nat.post('/api/validate-customer', { json: { key: randomPhone(), otp: '' } });
    expect(over.status).toBe(429);
    // The message says when to try again: the hour's window, counted from the first look-up just now.
    expect(over.body.message).toBe('Too many different mobile numbers from your network. Please try again in 1 hour.');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(
      (await nat.post('/api/register', { json: { name: 'N', email: 'n@example.com', mobile: randomPhone() } })).status,
    ).toBe(429);
    // Asking again about a number already looked up from here costs nothing.
    expect((await nat.post('/api/validate-customer', { json: { key: phones[0], otp: '' } })).status).toBe(404);
    // Another address is unaffected.
    expect(
      (await new ApiClient(baseUrl).post('/api/validate-customer', { json: { key: randomPhone(), otp: '' } })).status,
    ).toBe(404);
  });

  it('revokes the token on logout: it gets 401 afterwards', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    expect((await c.get('/api/customer/session')).status).toBe(200);
    expect((await c.post('/api/logout')).status).toBe(200);
    const after = await c.get('/api/customer/session');
    expect(after.status).toBe(401);
    expect(after.body.success).toBe(false);
  });

  it('refuses a cross-origin unsafe request carrying the session cookie, whatever its content type', async () => {
    const c = new ApiClient(baseUrl, true);
    await c.signUp();
    expect(c.cookie).toMatch(/^ff_session=/);
    const forged = await c.post('/api/customer/clear-cart', { form: {} }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    const same = await c.post('/api/customer/clear-cart', {});
    expect(same.status).toBe(200);
  });
});
