/**
 * Helpers for back-office API tests: a client that keeps the staff session's API cookie, sign-in
 * through the OTP flow (reading the demo code), and the demo shop's staff (src/features/demo-shop/demo-staff.ts).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaffRole } from '#lib/http/permissions.ts';
import { ApiClient, randomPhone } from '../helpers/api.ts';

/** The demo shop's staff mobiles, by role (docs/demo-shop.md). */
export const DEMO_STAFF_PHONE: Record<StaffRole, string> = {
  owner: '+919447000101',
  manager: '+919447000102',
  packer: '+919447000103',
  rider: '+919447000104',
};

/**
 * An API client whose cookie is the staff session's API cookie once signed in: `ff_staff_api`, or
 * `__Secure-ff_staff_api` when signed in over HTTPS.
 */
export class StaffClient extends ApiClient {
  constructor(baseUrl: string) {
    super(baseUrl, true);
  }

  /**
   * Signs in with the OTP flow; returns the Set-Cookie lines of the sign-in. `headers` go with both
   * requests (e.g. a trusted proxy's X-Forwarded-Proto and the Origin it implies).
   */
  async signIn(phone: string, headers: Record<string, string> = {}): Promise<string[]> {
    const sent = await this.post('/api/admin/login/otp', { json: { mobile: phone } }, headers);
    if (sent.status !== 200) throw new Error(`staff otp failed: ${sent.status} ${JSON.stringify(sent.body)}`);
    const res = await fetch(`${this.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.baseUrl, 'x-forwarded-for': this.ip, ...headers },
      body: JSON.stringify({ mobile: phone, otp: sent.body.data.demo_otp }),
    });
    if (res.status !== 200) throw new Error(`staff login failed: ${res.status} ${await res.text()}`);
    const cookies = res.headers.getSetCookie();
    const api = cookies.find((c) => /^(__Secure-)?ff_staff_api=/.test(c));
    if (!api) throw new Error('no staff cookie');
    this.cookie = api.split(';')[0]!;
    return cookies;
  }
}

/**
 * Where a staff member's session on one test server is kept between test files: the shared
 * servers count OTP sends per mobile (10 an hour, as production does), and every API test file
 * signs in the demo staff, so files re-use a session that still answers instead of sending more.
 */
const sessionFile = (baseUrl: string, phone: string) =>
  join(tmpdir(), 'farmfresh-test-staff-sessions', `${encodeURIComponent(baseUrl)}-${phone}`);

/** A signed-in client for `phone`: a session another test file left on the same server, when it still answers, else a new sign-in. */
export async function staffClient(baseUrl: string, phone: string): Promise<StaffClient> {
  const client = new StaffClient(baseUrl);
  const file = sessionFile(baseUrl, phone);
  try {
    client.cookie = readFileSync(file, 'utf8');
    if ((await client.get('/api/admin/me')).status === 200) return client;
  } catch {
    // No session kept yet.
  }
  client.cookie = null;
  await client.signIn(phone);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(`${file}.${process.pid}`, client.cookie ?? '');
  renameSync(`${file}.${process.pid}`, file);
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

/** A Central Thrissur address (PIN 680001). */
export const THRISSUR_ADDRESS = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: 'Near the temple',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};

/** A product with plenty of stock (id, stock), from the catalogue API. */
export async function stockedProduct(baseUrl: string): Promise<{ id: number; stock: number }> {
  const guest = new ApiClient(baseUrl);
  const page = await guest.get('/api/customer/products/0?pageSize=100&page=1');
  const all = page.body.data.products as { id: number; stock: number; offer_price: number }[];
  const found = all.filter((p) => p.stock >= 100 && p.offer_price < 200);
  return found[Math.floor(Math.random() * found.length)]!;
}

/** A product's stock now. */
export async function stockOf(baseUrl: string, productId: number): Promise<number> {
  const res = await new ApiClient(baseUrl).get(`/api/customer/product-details/${productId}`);
  return res.body.data.product.stock;
}

/**
 * A new customer's Cash order of `qty` × `productId` (each one, given several) in an open slot of today or tomorrow (one at
 * random, so the tests' orders spread over the slots; a later day's once those are full). Returns the customer and the order JSON.
 */
export async function placeCustomerOrder(
  baseUrl: string,
  productId: number | number[],
  qty = 1,
  slotId?: string,
): Promise<{ customer: ApiClient; phone: string; order: any }> {
  const customer = new ApiClient(baseUrl);
  const { phone } = await customer.signUp();
  const address = await customer.post('/api/customer/add-address', { json: THRISSUR_ADDRESS });
  for (const id of [productId].flat())
    await customer.post('/api/customer/add-product', { multipart: { product_id: String(id), qty: String(qty) } });
  const slots = (await customer.get('/api/customer/delivery-slots?pin=680001')).body.data.slots as {
    id: string;
    day: string;
    status: string;
  }[];
  const open = slots.filter((s) => s.status === 'open');
  const near = open.filter((s) => s.day === 'today' || s.day === 'tomorrow');
  // The shared servers' slots fill up as the test files place orders: later days when today's and tomorrow's are full.
  const choices = near.length > 0 ? near : open;
  const slot = slotId ? { id: slotId } : choices[Math.floor(Math.random() * choices.length)];
  const summary = (await customer.get('/api/customer/checkout-summary')).body.data.summary;
  const placed = await customer.post('/api/customer/place-order', {
    json: {
      address_id: address.body.data.address.id,
      payment_mode: 'cod',
      paid_amount: summary.paid_amount,
      points: '0',
      customer_note: 'Ring twice',
      ...(slot ? { delivery_slot: slot.id } : {}),
    },
  });
  if (placed.status !== 201) throw new Error(`place-order failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { customer, phone, order: placed.body.data.order };
}
