/**
 * Steps the back-office e2e specs share: the demo shop's staff mobiles, a Thrissur address, axe's
 * serious findings, a staff sign-in (through the page like a person, or through the API), and a
 * customer's order in an open slot of today or tomorrow (so the board lists it). `headers` is the
 * Origin header unsafe calls with cookies need when the request context does not send one itself.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Cookie, expect, type Page } from '@playwright/test';
import { decodeHTML } from 'entities';
import { hydrated } from './session-helpers.ts';

/** The demo shop's staff (src/features/demo-shop/demo-staff.ts). */
export const STAFF = {
  owner: { mobile: '+919447000101', name: 'Lakshmi Nair' },
  manager: { mobile: '+919447000102', name: 'Ravi Menon' },
  packer: { mobile: '+919447000103', name: 'Anu Thomas' },
  rider: { mobile: '+919447000104', name: 'Biju Varghese' },
} as const;

/** An address in the central Thrissur zone (PIN 680001). */
export const THRISSUR = {
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

/** Axe's serious and critical findings on the page, as "rule: targets". */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Signs in at /admin/login like a person: mobile, Send code, the demo code shown, Sign in.
 * `onForm` runs once the form is ready (an axe check of the sign-in page).
 */
export async function staffSignInOnPage(
  page: Page,
  mobile: string,
  onForm?: (page: Page) => Promise<void>,
): Promise<void> {
  await page.goto('/admin/login');
  await hydrated(page, 'AdminLogin');
  await onForm?.(page);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  const note = page.getByRole('note', { name: 'Demo mode' });
  await expect(note).toBeVisible();
  const code = ((await note.textContent()) ?? '').match(/Demo code:\s*(\d+)/)![1]!;
  await page.getByLabel(/digit code/).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Staff session cookies per mobile, kept by each worker: the demo shop's four staff members sign
 * in once per worker and later tests reuse the session. The shop sends a number at most 5 codes
 * an hour from one address (every test's is 127.0.0.1), and a new code cancels the one before,
 * so a code per test would trip the limit and race between the two workers. A kept session
 * another server does not know (a spec with servers of its own) is replaced by a new sign-in.
 */
const staffSessions = new Map<string, Cookie[]>();

/** Signs `mobile` in by the API in `request`'s cookie jar. */
async function signInByCode(request: APIRequestContext, mobile: string, headers?: Record<string, string>) {
  const sent = await request.post('/api/admin/login/otp', { data: { mobile }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const otp = (await sent.json()).data.demo_otp as string;
  const login = await request.post('/api/admin/login', { data: { mobile, otp }, headers });
  expect(login.status(), await login.text()).toBe(200);
}

/**
 * A staff session for `mobile` in the page's browser context (its page and `page.request`): this
 * worker's session of that member when the server knows it (see staffSessions), else a new one.
 */
export async function staffSignInByApi(target: Page, mobile: string, headers?: Record<string, string>): Promise<void> {
  const kept = staffSessions.get(mobile);
  if (kept) {
    await target.context().addCookies(kept);
    if ((await target.request.get('/api/admin/me')).ok()) return;
  }
  await signInByCode(target.request, mobile, headers);
  const cookies = (await target.context().cookies()).filter((c) => /ff_staff/.test(c.name));
  staffSessions.set(mobile, cookies);
}

/**
 * The signed-in customer's order of one each of `productIds`, paid by `paymentMode` (cod or
 * credit), in the first open slot of today or tomorrow; returns its id.
 */
export async function placeSlotOrder(
  customer: APIRequestContext,
  productIds: number[],
  paymentMode: 'cod' | 'credit',
  headers?: Record<string, string>,
): Promise<number> {
  const address = await customer.post('/api/customer/add-address', { data: THRISSUR, headers });
  expect(address.status(), await address.text()).toBe(201);
  for (const id of productIds) {
    const added = await customer.post('/api/customer/add-product', {
      multipart: { product_id: String(id), qty: '1' },
      headers,
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const slots = (await (await customer.get('/api/customer/delivery-slots?pin=680001')).json()).data.slots as {
    id: string;
    day: string;
    status: string;
  }[];
  const slot = slots.find((s) => s.status === 'open' && (s.day === 'today' || s.day === 'tomorrow'))!;
  const summary = (await (await customer.get('/api/customer/checkout-summary')).json()).data.summary;
  const placed = await customer.post('/api/customer/place-order', {
    data: {
      address_id: (await address.json()).data.address.id,
      payment_mode: paymentMode,
      paid_amount: summary.paid_amount,
      points: '0',
      delivery_slot: slot.id,
    },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data.order.id as number;
}

/** The headers Chromium sends when it navigates to a page, so the shop serves what a visitor gets. */
const NAVIGATION_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-IN,en;q=0.9',
};

/**
 * Asks for the product page as a browser navigation does, every 50 ms, until its text holds every
 * one of `texts`; returns the milliseconds from `since` (epoch ms) to the first page that did. The
 * page's own text is compared, character references decoded (Astro escapes `&`, `'` and `"` in texts).
 * Polling the server, not a browser tab, keeps the measure to what the shop serves: a tab's load
 * event also waits for images and scripts, which a busy test machine can hold for seconds.
 */
export async function msUntilProductPageShows(
  request: APIRequestContext,
  productId: number,
  texts: string[],
  since: number,
  giveUpAfterMs: number,
): Promise<number> {
  for (;;) {
    const res = await request.get(`/product/${productId}`, { headers: NAVIGATION_HEADERS });
    const html = decodeHTML(await res.text());
    if (res.ok() && texts.every((text) => html.includes(text))) return Date.now() - since;
    if (Date.now() - since > giveUpAfterMs) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
