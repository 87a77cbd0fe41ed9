/**
 * Helpers for back-office API tests: a client that keeps the staff session's API cookie, sign-in
 * through the OTP flow (reading the demo code), and the demo shop's staff (src/features/demo-shop/demo-staff.ts).
 */
import type { StaffRole } from '#lib/http/permissions.ts';
import { ApiClient, randomPhone } from '../helpers/api.ts';

/** The demo shop's staff mobiles, by role (docs/demo-shop.md). */
export const DEMO_STAFF_PHONE: Record<StaffRole, string> = {
  owner: '+919447000101',
  manager: '+919447000102',
  packer: '+919447000103',
  rider: '+919447000104',
};

/** An API client whose cookie is the staff session's `ff_staff_api` once signed in. */
export class StaffClient extends ApiClient {
  constructor(baseUrl: string) {
    super(baseUrl, true);
  }

  /** Signs in with the OTP flow; returns the Set-Cookie lines of the sign-in. */
  async signIn(phone: string): Promise<string[]> {
    const sent = await this.post('/api/admin/login/otp', { json: { mobile: phone } });
    if (sent.status !== 200) throw new Error(`staff otp failed: ${sent.status} ${JSON.stringify(sent.body)}`);
    const res = await fetch(`${this.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.baseUrl, 'x-forwarded-for': this.ip },
      body: JSON.stringify({ mobile: phone, otp: sent.body.data.demo_otp }),
    });
    if (res.status !== 200) throw new Error(`staff login failed: ${res.status} ${await res.text()}`);
    const cookies = res.headers.getSetCookie();
    const api = cookies.find((c) => c.startsWith('ff_staff_api='));
    if (!api) throw new Error('no staff cookie');
    this.cookie = api.split(';')[0]!;
    return cookies;
  }
}

/** A signed-in client for `phone`. */
export async function staffClient(baseUrl: string, phone: string): Promise<StaffClient> {
  const client = new StaffClient(baseUrl);
  await client.signIn(phone);
  return client;
}

/** Adds a new staff member with a fresh mobile through the owner's client; returns their id and mobile. */
export async function addStaffMember(
  owner: StaffClient,
  role: StaffRole,
  name = `Test ${role}`,
): Promise<{ id: number; phone: string }> {
  const phone = randomPhone();
  const res = await owner.post('/api/admin/staff', { json: { name, mobile: phone, role } });
  if (res.status !== 201) throw new Error(`add staff failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.staff.id, phone };
}
