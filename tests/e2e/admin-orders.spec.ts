/**
 * The back office in the browser: an owner signs in at /admin/login with the demo code, sees a
 * customer's new order appear on the open board within 5 seconds (no reload), opens it and marks
 * it processed; a packer is refused a manager's action (403) and an owner's page. Axe finds no
 * serious issue on the sign-in page, the board, the order page or the cancel dialog, and the board
 * and the order page fit a 375 px phone.
 */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import {
  placeSlotOrder,
  STAFF,
  seriousViolations,
  staffSignInByApi,
  staffSignInOnPage,
} from './back-office-helpers.ts';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

const OWNER = STAFF.owner.mobile;
const PACKER = STAFF.packer.mobile;
/** A new customer's Cash order in one of today's or tomorrow's open slots; returns its id. */
async function customerOrder(baseURL: string): Promise<number> {
  const customer = await playwrightRequest.newContext({ baseURL });
  await createCustomer(customer);
  const products = (await (await customer.get('/api/customer/products/0?pageSize=100')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  const product = products.find((p) => p.stock > 50)!;
  const id = await placeSlotOrder(customer, [product.id], 'cod', origin());
  await customer.dispose();
  return id;
}

test('an owner sees a new order on the open board within 5 s, opens it and marks it processed', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignInOnPage(page, OWNER, async (form) => expect(await seriousViolations(form)).toEqual([]));
  await expect(page.getByRole('heading', { name: 'Order board', level: 1 })).toBeVisible();
  await hydrated(page, 'OrderBoard');
  expect(await seriousViolations(page)).toEqual([]);

  // Any day customers can book: the last one, then back to today and tomorrow.
  const day = page.getByLabel('From day');
  const lastDay = (await day.getAttribute('max'))!;
  await day.fill(lastDay);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`day ${lastDay}$`) })).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Today / })).toBeVisible();

  const orderId = await customerOrder(baseURL!);
  const link = page.getByRole('link', { name: `Order #${orderId}`, exact: true });
  await expect(link).toBeVisible({ timeout: 5_000 });
  await page.screenshot({ path: 'test-results/admin-board-1280.png', fullPage: true });

  await link.click();
  await expect(page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
  await hydrated(page, 'StaffOrderView');
  await expect(page.getByRole('link', { name: /^Call \+91/ })).toHaveAttribute('href', /^tel:\+91/);
  await expect(page.getByText('If out of stock: Replace with a similar item')).toBeVisible();
  // Demo mode's console sender sends nothing: the confirmation SMS does not read "Sent".
  const sms = page.getByRole('region', { name: 'SMS' });
  await expect(sms.getByText('Demo mode: no SMS reaches a phone', { exact: false })).toBeVisible();
  await expect(sms.getByRole('table').getByText('Not sent (demo mode),', { exact: true })).toBeVisible();
  // The number it went to, as people read it.
  await expect(sms.getByRole('table')).toContainText(/\+91 \d{5} \d{5}/);
  await expect(sms.getByText(/^Sent,?$/)).toHaveCount(0);
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
  await staffSignInByApi(page, PACKER, origin());
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
  await staffSignInByApi(page, OWNER, origin());
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
