/**
 * Complaints in Chromium: on a phone (375 px) a customer reports a problem with one line of a
 * delivered order with a photo and sees the ticket number; a manager acknowledges and resolves it
 * in the queue (375 px and 1280 px); the customer's order page then shows it resolved with what the
 * shop did. Axe finds nothing serious on either screen, nothing is wider than the phone, and
 * screenshots are kept.
 */

import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { placeSlotOrder, STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

const PHONE = { width: 375, height: 800 };

/** How far the page is wider than the screen, in px (0 or less: no horizontal scroll). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A new customer's Cash order of 2 packs of one product, which the staff API takes out and delivers at the door; returns its id. */
async function deliveredOrder(page: Page, staffPage: Page): Promise<number> {
  await createCustomer(page.request);
  const products = (await (await page.request.get('/api/customer/products/0?pageSize=100')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  const product = products.find((p) => p.stock > 50)!.id;
  const orderId = await placeSlotOrder(page.request, [product, product], 'cod', origin());
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
  // The door's outcome delivers it, with what was due collected in cash.
  const due = Number((await (await staff.get(`/api/admin/orders/${orderId}`)).json()).data.order.amount_due);
  const delivered = await staff.post(`/api/admin/orders/${orderId}/outcome`, {
    headers: origin(),
    data: { outcome: 'delivered', collected: due > 0 ? due : undefined, idempotency_key: `complaint-order-${orderId}` },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  return orderId;
}

test('a customer reports a problem with a photo; a manager acknowledges and resolves it', async ({ browser }) => {
  test.setTimeout(90_000);
  const customerContext = await browser.newContext({ viewport: PHONE });
  const page = await customerContext.newPage();
  const ownerContext = await browser.newContext();
  const orderId = await deliveredOrder(page, await ownerContext.newPage());
  await ownerContext.close();

  await page.goto(`/track-order?order=${orderId}`);
  await hydrated(page, 'ReportProblem');
  const section = page.getByRole('region', { name: 'Problems with this order' });
  await section.getByRole('button', { name: 'Report a problem' }).click();
  const items = section.getByRole('group', { name: 'Which items?' });
  await items.getByRole('checkbox').first().check();
  // How many of the line: all by default, here one of the two.
  const howMany = items.getByRole('spinbutton', { name: /^How many of .* have a problem \(1 to 2\)$/ });
  await expect(howMany).toHaveValue('2');
  await howMany.fill('3');
  await section.getByLabel('What went wrong?').selectOption({ label: 'Damaged' });
  await section.getByRole('button', { name: 'Send complaint' }).click();
  await expect(section.getByText(/^Enter how many of .* have a problem: 1 to 2\.$/)).toBeVisible();
  await howMany.fill('1');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ ...PHONE, width });
    await page.screenshot({ path: test.info().outputPath(`report-problem-form-${width}.png`), fullPage: true });
  }
  await section.getByLabel('What went wrong?').selectOption({ label: 'Damaged' });
  await section.getByLabel('Tell us more (optional)').fill('The pack was torn.');
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b44' } })
    .jpeg()
    .toBuffer();
  await section
    .getByLabel('Photo (optional)')
    .setInputFiles({ name: 'torn.jpg', mimeType: 'image/jpeg', buffer: photo });
  await section.getByRole('button', { name: 'Send complaint' }).click();
  const thanks = section.getByText(/Your ticket number is C-\d{2}-\d{6}/);
  await expect(thanks).toBeVisible();
  const ticket = ((await thanks.textContent()) ?? '').match(/C-\d{2}-\d{6}/)![0];
  await expect(section.getByText(`Ticket ${ticket}`)).toBeVisible();
  await expect(section.getByText('Received', { exact: true })).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: `Ticket ${ticket}` })).toContainText(/× 1(?!\d)/);
  await expect(section.getByRole('img', { name: 'Sent with this ticket' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('report-problem-375.png'), fullPage: true });

  // The manager's queue, on a phone: acknowledge, then resolve.
  const managerContext = await browser.newContext({ viewport: PHONE });
  const manager = await managerContext.newPage();
  await staffSignInByApi(manager, STAFF.manager.mobile, origin());
  await manager.goto('/admin/complaints');
  await hydrated(manager, 'ComplaintQueue');
  const card = manager.getByRole('listitem').filter({ has: manager.getByRole('heading', { name: ticket }) });
  await expect(card).toContainText('Damaged');
  await expect(card).toContainText(`Order #${orderId}`);
  await expect(card.getByRole('link', { name: 'Record a refund' })).toHaveAttribute(
    'href',
    new RegExp(`/admin/orders/${orderId}\\?complaint=\\d+`),
  );
  expect(await overflow(manager)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(manager)).toEqual([]);
  await manager.screenshot({ path: test.info().outputPath('complaints-queue-375.png'), fullPage: true });
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(card.getByText('Acknowledged', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Resolve…' }).click();
  await card
    .getByLabel('What did the shop do? (the customer reads this)')
    .fill('Refunded the torn pack to your FarmFresh credit.');
  await card.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(manager.getByText(`Ticket ${ticket} resolved.`)).toBeAttached();
  await expect(card).toHaveCount(0);
  await manager.setViewportSize({ width: 1280, height: 900 });
  await manager.getByRole('button', { name: 'Resolved', exact: true }).click();
  await expect(card).toContainText('Refunded the torn pack to your FarmFresh credit.');
  await manager.screenshot({ path: test.info().outputPath('complaints-queue-1280.png'), fullPage: true });

  // The staff order page lists the order's complaints, with a way to the queue.
  for (const width of [375, 1280]) {
    await manager.setViewportSize({ width, height: 900 });
    await manager.goto(`/admin/orders/${orderId}`);
    const complaints = manager.getByRole('region', { name: 'Complaints' });
    await expect(complaints).toContainText(ticket);
    await expect(complaints).toContainText('Damaged · Resolved');
    await expect(complaints.getByRole('link', { name: 'Open the complaint queue' })).toHaveAttribute(
      'href',
      '/admin/complaints',
    );
    expect(await overflow(manager)).toBeLessThanOrEqual(0);
    await complaints.scrollIntoViewIfNeeded();
    await manager.screenshot({ path: test.info().outputPath(`order-complaints-${width}.png`) });
  }
  await managerContext.close();

  // The customer's order page shows where it stands.
  await page.reload();
  await expect(section.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(section).toContainText('Refunded the torn pack to your FarmFresh credit.');
  await page.setViewportSize({ width: 1280, height: 900 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('order-tickets-1280.png') });
  await customerContext.close();
});

test('the grievance form takes a complaint not about one order, with its ticket number', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/grievance');
  await expect(page).toHaveURL(/\/login/);
  await createCustomer(page.request);
  await page.goto('/grievance');
  await hydrated(page, 'GrievanceForm');
  await page.getByLabel('What went wrong?').selectOption({ label: 'Billing or payment' });
  await page.getByLabel('What happened?').fill('I was charged a delivery fee on a free-delivery order.');
  await page.getByRole('button', { name: 'Send grievance' }).click();
  await expect(page.getByText(/Your ticket number is C-\d{2}-\d{6}/)).toBeVisible();
  await expect(page.getByRole('list').getByText('Billing or payment')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('grievance-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('grievance-1280.png') });
  await context.close();
});
