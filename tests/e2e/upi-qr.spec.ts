/**
 * The rider collects a cash order by UPI QR at the door, in Chromium at 375 px, through the
 * payment simulator (the e2e server's PAYMENT_GATEWAY=simulator): "Collect by UPI QR" shows the QR
 * for the amount due and "Waiting for payment…"; the customer's phone opens the QR's scan-and-pay
 * page and pays; within a poll the panel says "Paid ₹…" and the order is paid. The QR made is the
 * same one on a reload. Axe finds nothing serious; nothing is wider than the screen; screenshots
 * at 375 and 1280 px are kept.
 */
import { expect, type Page, test } from '@playwright/test';
import { placeSlotOrder, STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

/** A new customer's Cash order, assigned to the demo rider and taken out for delivery by the owner; its id. */
async function orderOutForDelivery(customer: Page, owner: Page): Promise<number> {
  await createCustomer(customer.request);
  const products = (await (await customer.request.get('/api/customer/products/0?pageSize=100')).json()).data
    .products as { id: number; stock: number }[];
  const orderId = await placeSlotOrder(customer.request, [products.find((p) => p.stock > 50)!.id], 'cod', origin());
  await staffSignInByApi(owner, STAFF.owner.mobile, origin());
  const list = (await (await owner.request.get('/api/admin/staff')).json()).data.staff as {
    id: number;
    name: string;
  }[];
  const rider = list.find((s) => s.name === STAFF.rider.name)!;
  const assigned = await owner.request.put(`/api/admin/orders/${orderId}/rider`, {
    data: { rider_id: rider.id },
    headers: origin(),
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  for (const move of ['processed', 'out-for-delivery']) {
    const res = await owner.request.post(`/api/admin/orders/${orderId}/${move}`, { headers: origin() });
    expect(res.status(), await res.text()).toBe(200);
  }
  return orderId;
}

/** Paise as the shop writes rupees (the Indian grouping, 2 decimals), e.g. ₹1,234.50. */
const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** How far the page is wider than the screen, in px (0 or less: no horizontal scroll). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a rider collects a cash order by UPI QR through the simulator', async ({ page, browser }) => {
  const customer = await browser.newPage();
  const owner = await browser.newPage();
  const orderId = await orderOutForDelivery(customer, owner);
  const before = (await (await owner.request.get(`/api/admin/orders/${orderId}/upi-qr`)).json()).data.upi_qr;
  expect(before).toMatchObject({ status: 'none', qr: null });
  const amount = rupees(before.amount_due_paise);

  await page.setViewportSize({ width: 375, height: 812 });
  await staffSignInByApi(page, STAFF.rider.mobile, origin());
  await page.goto(`/admin/orders/${orderId}/upi-qr`);
  await hydrated(page, 'UpiQrPanel');
  const panel = page.getByRole('region', { name: `Collect ${amount} by UPI QR` });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Waiting for payment…')).toBeVisible();
  const scan = panel.getByRole('link', { name: 'Open the QR to scan and pay (payment simulator)' });
  await expect(scan).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/upi-qr-waiting-375.png', fullPage: true });

  // A reload shows the same QR: one QR per amount.
  const first = await scan.getAttribute('href');
  await page.reload();
  await hydrated(page, 'UpiQrPanel');
  await expect(scan).toHaveAttribute('href', first!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/upi-qr-waiting-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });

  // The customer's phone scans it: the simulator's page shows the amount and pays.
  const [phone] = await Promise.all([page.context().waitForEvent('page'), scan.click()]);
  await expect(phone.getByRole('heading', { name: `Scan and pay ${amount}` })).toBeVisible();
  await phone.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(phone.getByRole('status')).toContainText(`Paid ${amount}`);
  await phone.close();

  await expect(panel.getByText(`Paid ${amount} by UPI`)).toBeVisible({ timeout: 10_000 });
  await expect(panel.getByText(`Payment received: ${amount}.`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/upi-qr-paid-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/upi-qr-paid-1280.png', fullPage: true });

  const order = (await (await owner.request.get(`/api/admin/orders/${orderId}`)).json()).data.order;
  expect(order.payment_status).toBe('paid');
  const state = (await (await page.request.get(`/api/admin/orders/${orderId}/upi-qr`)).json()).data.upi_qr;
  expect(state).toMatchObject({ status: 'paid', order_payment_status: 'paid' });
  expect(state.qr.payment_id).toMatch(/^pay_/);
  await customer.close();
  await owner.close();
});

test('a rider delivers in part and the customer pays the amount due by UPI QR at the door', async ({
  page,
  browser,
}) => {
  const customer = await browser.newPage();
  const owner = await browser.newPage();
  const orderId = await orderOutForDelivery(customer, owner);

  await page.setViewportSize({ width: 375, height: 812 });
  await staffSignInByApi(page, STAFF.rider.mobile, origin());
  await page.goto(`/admin/orders/${orderId}`);
  await hydrated(page, 'StaffOrderView');
  await page
    .getByRole('region', { name: 'At the door' })
    .getByRole('button', { name: /^Delivered in part/ })
    .click();
  const flow = page.getByRole('region', { name: 'Delivered in part' });
  await flow
    .getByRole('group', { name: 'How much of each item was handed back?' })
    .getByRole('spinbutton')
    .first()
    .fill('0.5');
  await expect(flow.getByText(/^Handed back: −₹/)).toBeVisible();
  await flow.getByRole('combobox', { name: /^Why was .* handed back\?$/ }).selectOption({ label: 'Short weight' });
  const dueText = (await flow.locator('[data-due]').textContent()) ?? '';
  const due = `₹${dueText.match(/Collect ₹([\d,.]+)/)![1]!}`;
  await flow.getByLabel('Collected by').selectOption({ label: 'UPI QR' });
  await expect(flow.getByLabel('Cash collected (₹)')).toHaveCount(0);
  await flow.getByRole('button', { name: 'Confirm delivery in part' }).click();

  // Delivered, its amount due left to the QR: the panel shows the QR for exactly that amount.
  const panel = page.getByRole('region', { name: `Collect ${due} by UPI QR` });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Waiting for payment…')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/upi-qr-door-375.png', fullPage: true });
  const scan = panel.getByRole('link', { name: 'Open the QR to scan and pay (payment simulator)' });
  const [phone] = await Promise.all([page.context().waitForEvent('page'), scan.click()]);
  await expect(phone.getByRole('heading', { name: `Scan and pay ${due}` })).toBeVisible();
  await phone.getByRole('button', { name: `Pay ${due}` }).click();
  await expect(phone.getByRole('status')).toContainText(`Paid ${due}`);
  await phone.close();

  // Paid: the order page reloads the order, which is paid and asks for nothing more.
  await expect(page.getByRole('region', { name: `Collect ${due} by UPI QR` })).toHaveCount(0, { timeout: 10_000 });
  const order = (await (await owner.request.get(`/api/admin/orders/${orderId}`)).json()).data.order;
  expect(order).toMatchObject({ status: 'delivered', payment_status: 'paid' });
  expect(order.outcome).toMatchObject({ outcome: 'partly_delivered', collected_method: 'upi_qr' });
  await customer.close();
  await owner.close();
});
