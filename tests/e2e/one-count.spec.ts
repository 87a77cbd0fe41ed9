/**
 * One count everywhere, at 360 px: an order of two products, three units, reads "3 items" on the
 * customer's orders and on the staff board; the customer's counter and staff's customer search
 * and page count the same orders, and an online payment left unpaid is counted apart, as an
 * unpaid attempt. The demo customer's delivered orders have earned their points.
 */
import { expect, type Page, test } from '@playwright/test';
import { placeSlotOrder, STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, originHeader, signUp } from './checkout-helpers.ts';
import { readablePhone } from './session-helpers.ts';

test.use({ viewport: { width: 360, height: 780 } });

/** Two products of the home feed in stock. */
async function twoProducts(page: Page): Promise<[number, number]> {
  const home = (await (await page.request.get('/api/customer/home')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  const [a, b] = home.filter((p) => p.stock > 5);
  return [a!.id, b!.id];
}

test('an order of three units reads “3 items”, and an unpaid online attempt is counted apart from orders', async ({
  page,
}, testInfo) => {
  test.slow();
  const phone = await signUp(page);
  const [a, b] = await twoProducts(page);
  // The first product twice (quantity 2), the second once: 2 products, 3 units.
  const orderId = await placeSlotOrder(page.request, [a, a, b], 'cod', originHeader(page));

  // An online payment started and left unpaid: an attempt, not an order.
  const added = await page.request.post('/api/customer/add-product', {
    form: { product_id: String(a), qty: '1' },
    headers: originHeader(page),
  });
  expect(added.status(), await added.text()).toBe(200);
  const addressId = (await (await page.request.get('/api/customer/address-list')).json()).data.address_list[0].id;
  const summary = (await (await page.request.get('/api/customer/checkout-summary')).json()).data.summary;
  const attempt = await page.request.post('/api/customer/place-order', {
    data: { address_id: addressId, payment_mode: 'online', paid_amount: summary.paid_amount, points: '0' },
    headers: originHeader(page),
  });
  expect(attempt.status(), await attempt.text()).toBe(201);
  expect((await attempt.json()).data.order.order_status).toBe('pending_payment');

  // The customer: one order, of 3 items.
  await page.goto('/my-account?section=orders');
  const counters = page.locator('dl').filter({ hasText: 'Delivered' }).first();
  await expect(counters.locator('div').filter({ hasText: 'Total' }).getByRole('definition')).toHaveText('1');
  await expect(page.getByText(/· 3 items ·/)).toBeVisible();

  // Staff: the board's row says 3 items; the customer has 1 order and 1 unpaid attempt.
  await staffSignInByApi(page, STAFF.owner.mobile, originHeader(page));
  await page.goto('/admin');
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Order #${orderId}`, exact: true }) });
  await expect(row).toContainText('3 items');

  await page.goto('/admin/customers');
  await hydrated(page, 'AdminCustomers');
  await page.getByLabel('Mobile number or name').fill(phone);
  await page.getByRole('button', { name: 'Find' }).click();
  const hit = page.getByRole('button', { name: readablePhone(phone) });
  await expect(hit).toContainText('1 order · 1 unpaid attempt');
  await hit.click();
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('link', { name: `#${orderId}` })).toBeVisible();
  await expect(orders.getByRole('row')).toHaveCount(2);
  const attempts = page.getByRole('table', { name: 'Unpaid attempts (1)' });
  await expect(attempts).toContainText('pending payment');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('admin-customer-360.png'), fullPage: true });
});

test('the demo customer’s delivered orders have earned their points', async ({ page }) => {
  const phone = '+919447000001';
  const sent = await page.request.post('/api/validate-customer', {
    data: { key: phone, otp: '' },
    headers: originHeader(page),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const login = await page.request.post('/api/otp-login', {
    data: { key: phone, otp: (await sent.json()).data.demo_otp },
    headers: originHeader(page),
  });
  expect(login.status(), await login.text()).toBe(200);
  const orders = (await (await page.request.get('/api/customer/my-orders')).json()).data.orders as {
    order_status: string;
    points_earned: number;
    paid_amount: string;
  }[];
  const delivered = orders.filter((o) => o.order_status === 'delivered');
  expect(delivered.length).toBeGreaterThanOrEqual(3);
  // One point per whole ₹100 paid (POINTS_PER_100_RUPEES), as delivery credits them.
  for (const o of delivered) expect(o.points_earned).toBe(Math.floor(Number(o.paid_amount) / 100));
  const earned = delivered.reduce((n, o) => n + o.points_earned, 0);
  expect(earned).toBeGreaterThan(0);
  await page.goto('/my-account');
  await expect(page.getByTestId('points-balance')).toHaveText(String(earned));
});
