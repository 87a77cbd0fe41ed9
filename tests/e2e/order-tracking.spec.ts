/**
 * The customer's tracking page in Chromium (docs/orders-and-payments.md#order-tracking): a placed
 * order shows its delivery address, slot and the shop's help contact, and Cancel (its dialog keeps
 * the focus) cancels it, after which the page says so; an order the shop moves out for delivery
 * (through the staff API) names its rider with a Call link, gone once delivered. Axe finds nothing,
 * nothing is wider than a 320 or 360 px screen, and screenshots at 360 and 1280 px are kept. Without
 * JavaScript the page shows the same, without the Cancel.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { placeSlotOrder, STAFF, staffSignInByApi } from './back-office-helpers.ts';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

/** A new customer signed in in the page's cookie jar, with a Cash order in an open slot; returns its id. */
async function customerWithOrder(page: Page): Promise<number> {
  await createCustomer(page.request);
  const products = (await (await page.request.get('/api/customer/products/0?pageSize=100')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  return placeSlotOrder(page.request, [products.find((p) => p.stock > 50)!.id], 'cod', origin());
}

/**
 * Axe's findings on the page, every impact, as "rule (impact): targets". The layout's demo-mode
 * banners (only in demo mode, above the page's landmarks) are left out: axe's moderate "region"
 * rule flags them on every page, and they are the layout's, not this page's.
 */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .exclude('[data-demo-banner]')
    .exclude('[data-test-payments-banner]')
    .analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page is wider than the screen, in px (0 or less: no horizontal scroll). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The staff API moves the order as the shop does: the owner assigns the rider, the rider takes it out. */
async function sendOut(staffPage: Page, orderId: number): Promise<void> {
  await staffSignInByApi(staffPage, STAFF.owner.mobile, origin());
  const staff = staffPage.request;
  const list = (await (await staff.get('/api/admin/staff')).json()).data.staff as { id: number; name: string }[];
  const rider = list.find((s) => s.name === STAFF.rider.name)!;
  const assigned = await staff.put(`/api/admin/orders/${orderId}/rider`, {
    data: { rider_id: rider.id },
    headers: origin(),
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  for (const move of ['processed', 'out-for-delivery']) {
    const res = await staff.post(`/api/admin/orders/${orderId}/${move}`, { headers: origin() });
    expect(res.status(), await res.text()).toBe(200);
  }
}

test('a placed order shows its address, slot and help, and Cancel cancels it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const orderId = await customerWithOrder(page);
  const order = (await (await page.request.get(`/api/customer/orders/${orderId}`)).json()).data.order;
  await page.goto(`/track-order?order=${orderId}`);
  await hydrated(page, 'CancelOrder');

  await expect(page.getByRole('heading', { level: 1, name: 'Track Order' })).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('Asha Menon');
  await expect(delivery).toContainText('12/4, Round North');
  await expect(delivery).toContainText('Thrissur 680001');
  await expect(delivery).toContainText(`Delivery slot${order.delivery_slot.label}`);
  await expect(delivery.getByRole('link', { name: /^Call / })).toHaveCount(0);
  const help = page.getByRole('region', { name: 'Need help?' });
  await expect(help.getByRole('link', { name: '+91 487 242 0000' })).toHaveAttribute('href', 'tel:+914872420000');
  await expect(help.getByRole('link', { name: 'hello@farmfresh.example' })).toHaveAttribute(
    'href',
    'mailto:hello@farmfresh.example',
  );

  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/track-order-placed-360.png', fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/track-order-placed-1280.png', fullPage: true });

  // The confirmation keeps the focus inside until it closes, then gives it back to Cancel.
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await cancel.click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel Order' });
  await expect(dialog).toContainText(`Cancel order #${orderId}?`);
  await expect(dialog.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();

  await cancel.click();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText(/^This order was cancelled on .+\. It will not be delivered\.$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
});

test('an order out for delivery names its rider with a Call link until it is delivered', async ({ page, browser }) => {
  const orderId = await customerWithOrder(page);
  const staffPage = await browser.newPage();
  await sendOut(staffPage, orderId);
  const staff = staffPage.request;

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/track-order?order=${orderId}`);
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await expect(delivery).toContainText(`${STAFF.rider.name} is bringing your order.`);
    await expect(delivery.getByRole('link', { name: `Call ${STAFF.rider.name}` })).toHaveAttribute(
      'href',
      `tel:${STAFF.rider.mobile}`,
    );
    // Out for delivery, the order may no longer be cancelled.
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `test-results/track-order-out-${width}.png`, fullPage: true });
  }

  const due = (await (await staff.get(`/api/admin/orders/${orderId}`)).json()).data.order.amount_due;
  const delivered = await staff.post(`/api/admin/orders/${orderId}/outcome`, {
    headers: origin(),
    data: {
      outcome: 'delivered',
      collected: Number(due) > 0 ? Number(due) : undefined,
      idempotency_key: `track-delivered-${orderId}`,
    },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('Delivered');
  await expect(page.getByRole('link', { name: `Call ${STAFF.rider.name}` })).toHaveCount(0);
  await expect(page.getByText('is bringing your order')).toHaveCount(0);
  await staffPage.close();
});

test("another customer's order reads as not found", async ({ page, playwright, baseURL }) => {
  const other = await playwright.request.newContext({ baseURL });
  await createCustomer(other);
  const products = (await (await other.get('/api/customer/products/0?pageSize=100')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  const theirs = await placeSlotOrder(other, [products.find((p) => p.stock > 50)!.id], 'cod', origin());
  await other.dispose();

  await createCustomer(page.request);
  const res = await page.goto(`/track-order?order=${theirs}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('alert').filter({ hasText: 'Order not found.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' })).toHaveCount(0);
});

test('without JavaScript the page shows the order and the delivery, and no Cancel that cannot work', async ({
  page,
  browser,
  baseURL,
}) => {
  const orderId = await customerWithOrder(page);
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(`/track-order?order=${orderId}`);
  await expect(plain.getByRole('region', { name: 'Delivery' })).toContainText('12/4, Round North');
  await expect(plain.getByRole('region', { name: 'Need help?' })).toBeVisible();
  await expect(plain.getByRole('button', { name: 'Cancel', exact: true })).toBeHidden();
  await expect(plain.getByText('You can cancel within 30 minutes of placing the order.')).toBeHidden();
  await noScript.close();
});
