/**
 * The back office's staff accounts and sign-in over HTTP, on every test database: the staff OTP
 * sign-in and its cookies (`__Secure-` prefixed over HTTPS, through the trusted proxy's header),
 * staff and customer codes to one mobile living side by side, owners adding, re-roling and
 * removing staff (whose sessions end at once), the last owner kept, and the audit entries all of
 * it writes.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, randomPhone, readablePhone } from '../helpers/api.ts';
import { addStaffMember, DEMO_STAFF_PHONE, StaffClient, staffClient } from './staff-helpers.ts';

describe.each(inject('servers'))('staff on $kind', ({ baseUrl }) => {
  let owner: StaffClient;

  beforeAll(async () => {
    owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
  });

  it('signs staff in with an OTP into two HttpOnly cookies scoped to /admin and /api/admin', async () => {
    const member = await addStaffMember(owner, 'packer');
    const client = new StaffClient(baseUrl);
    const cookies = await client.signIn(member.phone);
    const page = cookies.find((c) => c.startsWith('ff_staff='))!;
    const api = cookies.find((c) => c.startsWith('ff_staff_api='))!;
    expect(page).toMatch(/Path=\/admin(;|$)/);
    expect(api).toMatch(/Path=\/api\/admin(;|$)/);
    for (const c of [page, api]) {
      expect(c).toMatch(/HttpOnly/i);
      expect(c).toMatch(/SameSite=Lax/i);
      expect(c).toMatch(/Max-Age=43200/);
    }
    expect(cookies.some((c) => c.startsWith('ff_session='))).toBe(false);
    const me = await client.get('/api/admin/me');
    expect(me.status).toBe(200);
    expect(me.body.data.staff).toMatchObject({ id: member.id, role: 'packer' });
    expect(me.body.data.permissions).toContain('orders.process');
    expect(me.body.data.permissions).not.toContain('orders.cancel');
  });

  it('answers a stranger’s mobile like a staff one without sending a code, refuses a wrong code, and records it', async () => {
    const stranger = new StaffClient(baseUrl);
    const strangerPhone = randomPhone();
    const unknown = await stranger.post('/api/admin/login/otp', { json: { mobile: strangerPhone } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.expires_in).toBeGreaterThan(0);
    expect(unknown.body.data.demo_otp).toBeUndefined();
    // Demo mode sends no SMS: the message follows the sender, the same for a stranger's mobile.
    expect(unknown.body.message).toBe(`Your code for ${readablePhone(strangerPhone)} is shown on screen.`);
    const guessed = await stranger.post('/api/admin/login', { json: { mobile: strangerPhone, otp: '0000' } });
    expect(guessed.status).toBe(400);

    const member = await addStaffMember(owner, 'rider');
    const sent = await stranger.post('/api/admin/login/otp', { json: { mobile: member.phone } });
    expect(sent.status).toBe(200);
    expect(sent.body.data.demo_otp).toMatch(/^\d+$/);
    expect(sent.body.message).toBe(`Your code for ${readablePhone(member.phone)} is shown on screen.`);
    const wrong = sent.body.data.demo_otp === '0000' ? '1111' : '0000';
    const bad = await stranger.post('/api/admin/login', { json: { mobile: member.phone, otp: wrong } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid OTP');
    const audit = await owner.get(`/api/admin/audit?staff_id=${member.id}`);
    expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toContain('staff.sign_in_failed');
  });

  it('kills a staff code on the fifth wrong try, saying so and marking it spent, as for a stranger’s mobile; a new code signs in', async () => {
    const member = await addStaffMember(owner, 'packer');
    const client = new StaffClient(baseUrl);
    const sent = await client.post('/api/admin/login/otp', { json: { mobile: member.phone } });
    const right = sent.body.data.demo_otp as string;
    const wrong = right === '0000' ? '1111' : '0000';
    const tries = async (mobile: string) => {
      const out: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await client.post('/api/admin/login', { json: { mobile, otp: wrong } });
        out.push([res.status, res.body]);
      }
      return out;
    };
    // "Invalid OTP" as the customers read it, with the tries left before the code is spent.
    const invalid = (left: number) => [400, { success: false, message: 'Invalid OTP', data: { otp_tries_left: left } }];
    const spent = [
      400,
      { success: false, message: 'Too many wrong attempts. Please request a new OTP.', data: { otp_spent: true } },
    ];
    const staffTries = await tries(member.phone);
    expect(staffTries).toEqual([invalid(4), invalid(3), invalid(2), invalid(1), spent]);
    // The right code is refused now, still marked spent: the form takes it off the screen.
    const late = await client.post('/api/admin/login', { json: { mobile: member.phone, otp: right } });
    expect([late.status, late.body]).toEqual(spent);
    // A stranger's mobile answers alike, so the answers tell no one which numbers are staff.
    const strangerPhone = randomPhone();
    await client.post('/api/admin/login/otp', { json: { mobile: strangerPhone } });
    expect(await tries(strangerPhone)).toEqual(staffTries);

    const again = await client.post('/api/admin/login/otp', { json: { mobile: member.phone } });
    const login = await client.post('/api/admin/login', {
      json: { mobile: member.phone, otp: again.body.data.demo_otp },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.staff).toMatchObject({ id: member.id, role: 'packer' });
  });

  it('answers the 10th wrong staff code from one address with the lock’s 429 at once, records it, and sends no code there', async () => {
    const member = await addStaffMember(owner, 'packer');
    const client = new StaffClient(baseUrl);
    const lockMessage = 'Too many wrong OTP attempts for this number. Please try again in 24 hours.';
    const statuses: number[] = [];
    for (let code = 0; code < 2; code++) {
      const sent = await client.post('/api/admin/login/otp', { json: { mobile: member.phone } });
      expect(sent.status).toBe(200);
      const wrong = sent.body.data.demo_otp === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i++)
        statuses.push((await client.post('/api/admin/login', { json: { mobile: member.phone, otp: wrong } })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 429]);
    const resend = await client.post('/api/admin/login/otp', { json: { mobile: member.phone } });
    expect(resend.status).toBe(429);
    expect(resend.body).toMatchObject({ success: false, message: lockMessage, data: { otp_locked: true } });
    expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(JSON.stringify(resend.body)).not.toMatch(/demo_otp/);
    const audit = await owner.get(`/api/admin/audit?staff_id=${member.id}`);
    const failed = audit.body.data.entries.filter((e: { action: string }) => e.action === 'staff.sign_in_failed');
    expect(failed).toHaveLength(10);
  });

  it('refuses the sixth code in an hour to a stranger’s mobile as to a staff one, with the same message', async () => {
    const member = await addStaffMember(owner, 'packer');
    const client = new StaffClient(baseUrl);
    const answers = async (mobile: string) => {
      const out: [number, string][] = [];
      for (let i = 0; i < 6; i++) {
        const res = await client.post('/api/admin/login/otp', { json: { mobile } });
        out.push([res.status, res.status === 429 ? res.body.message : '']);
      }
      return out;
    };
    const staffAnswers = await answers(member.phone);
    expect(staffAnswers.map(([status]) => status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await answers(randomPhone())).toEqual(staffAnswers);
  });

  it('a customer’s code does not open the back office, nor a staff code the shop', async () => {
    const member = await addStaffMember(owner, 'rider');
    const customer = new ApiClient(baseUrl);
    await customer.signUp(member.phone);
    // The customer's session (Bearer and cookie) is no staff session.
    expect((await customer.get('/api/admin/me')).status).toBe(401);
    const staffSent = await customer.post('/api/admin/login/otp', { json: { mobile: member.phone } });
    const asCustomer = await customer.post('/api/otp-login', {
      json: { key: member.phone, otp: staffSent.body.data.demo_otp },
    });
    expect(asCustomer.status).toBe(400);
    const customerSent = await customer.post('/api/validate-customer', { json: { key: member.phone, otp: '' } });
    const asStaff = await customer.post('/api/admin/login', {
      json: { mobile: member.phone, otp: customerSent.body.data.demo_otp },
    });
    expect(asStaff.status).toBe(400);
  });

  it('keeps a staff code live when the same mobile asks for a customer code, and the reverse', async () => {
    const member = await addStaffMember(owner, 'packer');
    const customer = new ApiClient(baseUrl);
    await customer.signUp(member.phone);
    const staff = new StaffClient(baseUrl);
    const sendStaff = () => staff.post('/api/admin/login/otp', { json: { mobile: member.phone } });
    const sendCustomer = () => customer.post('/api/validate-customer', { json: { key: member.phone, otp: '' } });
    const staffIn = (otp: string) => staff.post('/api/admin/login', { json: { mobile: member.phone, otp } });
    const customerIn = (otp: string) => customer.post('/api/otp-login', { json: { key: member.phone, otp } });

    // Staff first, then the customer: both codes sign in, each on its own side.
    const staffFirst = await sendStaff();
    const customerSecond = await sendCustomer();
    expect((await staffIn(staffFirst.body.data.demo_otp)).status).toBe(200);
    expect((await customerIn(customerSecond.body.data.demo_otp)).status).toBe(200);

    // The customer first, then staff.
    const customerFirst = await sendCustomer();
    const staffSecond = await sendStaff();
    expect((await customerIn(customerFirst.body.data.demo_otp)).status).toBe(200);
    expect((await staffIn(staffSecond.body.data.demo_otp)).status).toBe(200);
  });

  it('lets the owner add, re-role and remove staff; a change ends that member’s sessions at once', async () => {
    const member = await addStaffMember(owner, 'packer', 'Meera K');
    const packer = await staffClient(baseUrl, member.phone);
    expect((await packer.get('/api/admin/me')).status).toBe(200);

    const list = await owner.get('/api/admin/staff');
    expect(list.body.data.staff).toContainEqual({
      id: member.id,
      name: 'Meera K',
      mobile: member.phone,
      role: 'packer',
    });

    const duplicate = await owner.post('/api/admin/staff', {
      json: { name: 'Again', mobile: member.phone, role: 'rider' },
    });
    expect(duplicate.status).toBe(409);

    const changed = await owner.put(`/api/admin/staff/${member.id}`, { json: { role: 'manager' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.staff.role).toBe('manager');
    expect((await packer.get('/api/admin/me')).status).toBe(401);

    const manager = await staffClient(baseUrl, member.phone);
    expect((await manager.get('/api/admin/me')).body.data.staff.role).toBe('manager');
    const removed = await owner.delete(`/api/admin/staff/${member.id}`);
    expect(removed.status).toBe(200);
    expect((await manager.get('/api/admin/me')).status).toBe(401);
    expect((await owner.get('/api/admin/staff')).body.data.staff.some((s: { id: number }) => s.id === member.id)).toBe(
      false,
    );

    const audit = await owner.get(`/api/admin/audit?record_type=staff&record_id=${member.id}`);
    const actions = audit.body.data.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['staff.added', 'staff.role_changed', 'staff.removed', 'staff.signed_in']),
    );
    const roleChange = audit.body.data.entries.find((e: { action: string }) => e.action === 'staff.role_changed');
    expect(roleChange).toMatchObject({
      staff_name: 'Lakshmi Nair',
      role: 'owner',
      before: { role: 'packer' },
      after: { role: 'manager' },
    });
    expect(roleChange.request_id).toMatch(/\S/);
  });

  it('refuses an owner demoting or removing themselves; another owner may (the last owner: staff-cli-sessions)', async () => {
    const me = (await owner.get('/api/admin/me')).body.data.staff;
    const demote = await owner.put(`/api/admin/staff/${me.id}`, { json: { role: 'manager' } });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toMatch(/cannot change your own role or remove yourself/);
    const remove = await owner.delete(`/api/admin/staff/${me.id}`);
    expect(remove.status).toBe(409);
    expect((await owner.get('/api/admin/me')).body.data.staff.role).toBe('owner');

    const second = await addStaffMember(owner, 'owner');
    const other = await staffClient(baseUrl, second.phone);
    expect((await other.put(`/api/admin/staff/${second.id}`, { json: { role: 'packer' } })).status).toBe(409);
    expect((await owner.put(`/api/admin/staff/${second.id}`, { json: { role: 'manager' } })).status).toBe(200);
    expect((await owner.delete(`/api/admin/staff/${second.id}`)).status).toBe(200);
  });

  it('adds one member when the same mobile is added twice at once', async () => {
    const phone = randomPhone();
    const answers = await Promise.all(
      [1, 2].map(() => owner.post('/api/admin/staff', { json: { name: 'Twin', mobile: phone, role: 'rider' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('refuses bad staff input with field messages', async () => {
    const bad = await owner.post('/api/admin/staff', { json: { name: '', mobile: '12', role: 'boss' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['name', 'mobile', 'role']));
  });

  it('over HTTPS names the cookies __Secure-ff_staff and __Secure-ff_staff_api, Secure, and only those sign in there', async () => {
    const https = { 'x-forwarded-proto': 'https', origin: baseUrl.replace(/^http:/, 'https:') };
    const member = await addStaffMember(owner, 'packer');
    const client = new StaffClient(baseUrl);
    const cookies = await client.signIn(member.phone, https);
    const page = cookies.find((c) => c.startsWith('__Secure-ff_staff='))!;
    const api = cookies.find((c) => c.startsWith('__Secure-ff_staff_api='))!;
    expect(page).toMatch(/Path=\/admin(;|$)/);
    expect(api).toMatch(/Path=\/api\/admin(;|$)/);
    for (const c of [page, api]) {
      expect(c).toMatch(/;\s*Secure/i);
      expect(c).toMatch(/HttpOnly/i);
      expect(c).toMatch(/SameSite=Lax/i);
    }
    expect(cookies.some((c) => /^ff_staff(_api)?=/.test(c))).toBe(false);
    expect((await client.get('/api/admin/me', https)).status).toBe(200);
    // The same token under the plain name, as plain HTTP could plant it, signs nobody in over HTTPS.
    const token = client.cookie!.split('=')[1]!;
    const planted = await fetch(`${baseUrl}/api/admin/me`, {
      headers: { ...https, cookie: `ff_staff_api=${token}`, 'x-forwarded-for': client.ip },
    });
    expect(planted.status).toBe(401);
    const out = await client.post('/api/admin/logout', {}, https);
    expect(out.status).toBe(200);
    const cleared = out.headers
      .getSetCookie()
      .filter((c) => /^__Secure-ff_staff(_api)?=.*(Max-Age=0|Expires=Thu, 01 Jan 1970).*Secure/i.test(c));
    expect(cleared).toHaveLength(2);
    expect((await client.get('/api/admin/me', https)).status).toBe(401);
  });

  it('signs out: the session ends and the cookies are cleared', async () => {
    const member = await addStaffMember(owner, 'rider');
    const rider = await staffClient(baseUrl, member.phone);
    const out = await rider.post('/api/admin/logout');
    expect(out.status).toBe(200);
    const cleared = out.headers
      .getSetCookie()
      .filter((c) => /^ff_staff(_api)?=.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(c));
    expect(cleared).toHaveLength(2);
    expect((await rider.get('/api/admin/me')).status).toBe(401);
  });
});
