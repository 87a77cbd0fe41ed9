/**
 * The back office in the browser: an owner signs in at /admin/login with the demo code, sees a
 * customer's new order appear on the open board within 5 seconds (no reload), opens it and marks
 * it processed; a packer is refused a manager's action (403) and an owner's page. Axe finds no
 * serious issue on the sign-in page, the board, the order page or the cancel dialog, and the board
 * and the order page fit a 375 px phone.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

const OWNER = '+919447000101';
const PACKER = '+919447000103';
const THRISSUR = {
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

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Signs in at /admin/login like a person: mobile, Send code, the demo code shown, Sign in. */
async function signInOnPage(page: Page, mobile: string): Promise<void> {
  await page.goto('/admin/login');
  await hydrated(page, 'AdminLogin');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  const note = page.getByRole('note', { name: 'Demo mode' });
  await expect(note).toBeVisible();
  const code = ((await note.textContent()) ?? '').match(/Demo code:\s*(\d+)/)![1]!;
  await page.getByLabel(/digit code/).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A staff session in `request`'s cookie jar (shared with the page of the same context). */
async function signInByApi(request: APIRequestContext, mobile: string): Promise<void> {
  const sent = await request.post('/api/admin/login/otp', { data: { mobile }, headers: origin() });
  expect(sent.status()).toBe(200);
  const otp = (await sent.json()).data.demo_otp;
  const login = await request.post('/api/admin/login', { data: { mobile, otp }, headers: origin() });
  expect(login.status(), await login.text()).toBe(200);
}

/** A new customer's Cash order in one of today's or tomorrow's open slots; returns its id. */
async function customerOrder(baseURL: string): Promise<number> {
  const customer = await playwrightRequest.newContext({ baseURL });
  await createCustomer(customer);
  const address = await customer.post('/api/customer/add-address', { data: THRISSUR, headers: origin() });
  const products = (await (await customer.get('/api/customer/products/0?pageSize=100')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  const product = products.find((p) => p.stock > 50)!;
  await customer.post('/api/customer/add-product', {
    multipart: { product_id: String(product.id), qty: '1' },
    headers: origin(),
  });
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
      payment_mode: 'cod',
      paid_amount: summary.paid_amount,
      points: '0',
      delivery_slot: slot.id,
    },
    headers: origin(),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = (await placed.json()).data.order.id as number;
  await customer.dispose();
  return id;
}

test('an owner sees a new order on the open board within 5 s, opens it and marks it processed', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOnPage(page, OWNER);
  await expect(page.getByRole('heading', { name: 'Order board', level: 1 })).toBeVisible();
  await hydrated(page, 'OrderBoard');
  expect(await seriousViolations(page)).toEqual([]);

  const orderId = await customerOrder(baseURL!);
  const link = page.getByRole('link', { name: `Order #${orderId}`, exact: true });
  await expect(link).toBeVisible({ timeout: 5_000 });
  await page.screenshot({ path: 'test-results/admin-board-1280.png', fullPage: true });

  await link.click();
  await expect(page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
  await hydrated(page, 'StaffOrderView');
  await expect(page.getByRole('link', { name: /^Call \+91/ })).toHaveAttribute('href', /^tel:\+91/);
  await expect(page.getByText('If out of stock: Replace with a similar item')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Mark as processed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked as processed.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as out for delivery' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'History' }).getByText(/Processed · .* · by Lakshmi Nair/),
  ).toBeVisible();

  // Printed, the page is the packing slip alone: no navigation, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print packing slip' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Items' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The cancel dialog, as a manager or owner sees it.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: 'test-results/admin-order-1280.png', fullPage: true });
});

test('a packer gets 403 on a manager’s action and on an owner’s page', async ({ page, baseURL }) => {
  await signInByApi(page.request, PACKER);
  const orderId = await customerOrder(baseURL!);
  const cancel = await page.request.post(`/api/admin/orders/${orderId}/cancel`, {
    data: { reason: 'Out of stock' },
    headers: origin(),
  });
  expect(cancel.status()).toBe(403);
  expect((await cancel.json()).message).toBe('Your role (Packer) cannot do this.');

  const staffPage = await page.goto('/admin/staff');
  expect(staffPage?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();

  // The packer's order page offers processing, but no cancellation.
  await page.goto(`/admin/orders/${orderId}`);
  await hydrated(page, 'StaffOrderView');
  await expect(page.getByRole('button', { name: 'Mark as processed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('the board and an order fit a 375 px phone', async ({ page, baseURL }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page.request, OWNER);
  const orderId = await customerOrder(baseURL!);
  for (const path of [
    '/admin',
    `/admin/orders/${orderId}`,
    '/admin/picking?slot=11:00',
    '/admin/staff',
    '/admin/audit',
    '/admin/permissions',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), path).toEqual([]);
    await page.screenshot({ path: `test-results/admin${path.replace(/[/?=:]/g, '-')}-375.png`, fullPage: true });
  }
});
