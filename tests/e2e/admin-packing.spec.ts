/**
 * Packing in the browser: a packer, on a 375 px phone, records a lower picked weight on one line of
 * a customer's order and substitutes another line with a product found by search; the customer's
 * order details page then shows the picked weight, the substitute and the new total. The order's
 * history names the pick, the substitution and the rider with who did them, and the packing slip
 * shows the picked weight and the substitute. Axe finds no serious issue on the order page with its
 * packing controls. Screenshots of the history and the slip at 360 and 1280 px go to test-results/.
 */
import { expect, test } from '@playwright/test';
import { placeSlotOrder, STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

const PACKER = STAFF.packer.mobile;
type Product = { id: number; name: string; stock: number; weight: number | null; weightUnit: string | null };

test('a packer records a lower weight and a substitute; the customer sees the new lines and total', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const customerContext = await browser.newContext({ baseURL });
  const customer = customerContext.request;
  await createCustomer(customer);
  const all = (await (await customer.get('/api/customer/products/0?pageSize=100')).json()).data.products as Product[];
  const weighed = all.find((p) => p.stock > 50 && p.weight && p.weightUnit)!;
  const other = all.find((p) => p.stock > 50 && p.id !== weighed.id)!;
  // A substitute takes its units from stock: one with stock to give.
  const substitute = all.find(
    (p) => p.id !== weighed.id && p.id !== other.id && p.stock > 0 && /^[A-Za-z ]+$/.test(p.name),
  )!;
  const orderId = await placeSlotOrder(customer, [weighed.id, other.id], 'cod', origin());
  const before = (await (await customer.get(`/api/customer/orders/${orderId}`)).json()).data.order;

  await page.setViewportSize({ width: 375, height: 800 });
  await staffSignInByApi(page, PACKER, origin());
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
  await hydrated(page, 'StaffOrderView');
  expect(await seriousViolations(page)).toEqual([]);

  const items = page.getByRole('region', { name: 'Items' });
  const weighedLine = items.getByRole('listitem').filter({ hasText: `× ${weighed.name}` });
  const picked = Math.round(weighed.weight! * 0.85 * 1000) / 1000;
  await weighedLine.getByLabel(/^Picked/).fill(String(picked));
  await weighedLine.getByRole('button', { name: 'Save picked' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Picked quantity saved' })).toBeVisible();
  await expect(weighedLine.getByText(`Picked ${picked} ${weighed.weightUnit}`)).toBeVisible();

  const otherLine = items.getByRole('listitem').filter({ hasText: `× ${other.name}` });
  await otherLine.getByLabel('Substitute with').fill(substitute.name);
  await otherLine.getByRole('button', { name: 'Find substitute' }).click();
  await otherLine.getByRole('button', { name: `Use ${substitute.name}`, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Substitute saved' })).toBeVisible();
  await expect(items.getByText(`Substitute for ${other.name}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByLabel('Rider', { exact: true }).selectOption({ label: 'Biju Varghese' });
  await page.getByRole('button', { name: 'Assign rider' }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Rider assigned: Biju Varghese')).toBeVisible();
  await expect(history.getByText(`Picked ${picked} ${weighed.weightUnit} of ${weighed.name} (ordered`)).toContainText(
    'by Anu Thomas',
  );
  await expect(history.getByText(`Substituted ${other.name} with ${substitute.name}`)).toContainText('by Anu Thomas');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/order-history-${width}.png`, fullPage: true });
  }

  await page.goto(`/admin/orders/${orderId}/slip`);
  const slip = page.getByRole('article', { name: `Order #${orderId}` });
  // The substitute with the product it replaces; the picked weight with the ordered one beneath.
  await expect(slip.getByRole('cell').filter({ hasText: `instead of ${other.name}` })).toContainText(substitute.name);
  await expect(slip.getByRole('cell').filter({ has: page.getByText(/^ordered \d/) })).toContainText(
    `${picked} ${weighed.weightUnit}`,
  );
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/packing-slip-${width}.png`, fullPage: true });
  }

  const after = (await (await customer.get(`/api/customer/orders/${orderId}`)).json()).data.order;
  expect(Number(after.paid_amount)).toBeLessThan(Number(before.paid_amount));

  const customerPage = await customerContext.newPage();
  await customerPage.goto(`/track-order?order=${orderId}`);
  await expect(customerPage.getByText(`Picked: ${picked} ${weighed.weightUnit}`)).toBeVisible();
  await expect(customerPage.getByText(`Substitute for ${other.name}`)).toBeVisible();
  await expect(customerPage.getByText(substitute.name, { exact: true }).first()).toBeVisible();
  const total = `₹${Number(after.paid_amount).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  await expect(customerPage.getByText(total, { exact: true }).first()).toBeVisible();
  await customerContext.close();
});
