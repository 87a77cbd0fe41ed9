/**
 * A return after delivery in the browser: a manager, on a 375 px phone, records one pack of a
 * delivered cash order as returned damaged; the form says the money goes back in cash (from the
 * shop's till unless the rider gives it), marks a quantity that is not one, and offers the credit
 * note, which the order page then lists beside the invoice (both PDFs for staff). The customer's tracking page offers the
 * credit note beside the invoice, and both download as PDFs; the order's history names the return. Axe finds no serious issue on the
 * order page with the form. Screenshots at 375 and 1280 px go to test-results/.
 */
import { expect, test } from '@playwright/test';
import { placeSlotOrder, STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

type Product = { id: number; name: string; stock: number };

test('a manager records a return on a delivered order; the customer gets its credit note', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const customerContext = await browser.newContext({ baseURL });
  const customer = customerContext.request;
  await createCustomer(customer);
  const all = (await (await customer.get('/api/customer/products/0?pageSize=100')).json()).data.products as Product[];
  const product = all.find((p) => p.stock > 50 && /^[A-Za-z ]+$/.test(p.name))!;
  const orderId = await placeSlotOrder(customer, [product.id], 'cod', origin());

  await page.setViewportSize({ width: 375, height: 800 });
  await staffSignInByApi(page, STAFF.manager.mobile, origin());
  for (const step of ['processed', 'out-for-delivery']) {
    const moved = await page.request.post(`/api/admin/orders/${orderId}/${step}`, { headers: origin() });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  // Delivered at the door, what was due collected in cash.
  const due = Number((await (await page.request.get(`/api/admin/orders/${orderId}`)).json()).data.order.amount_due);
  const delivered = await page.request.post(`/api/admin/orders/${orderId}/outcome`, {
    headers: origin(),
    data: { outcome: 'delivered', collected: due > 0 ? due : undefined, idempotency_key: `returns-e2e-${orderId}` },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
  const form = page.getByRole('region', { name: 'Return or refund' });
  await form.scrollIntoViewIfNeeded();
  await hydrated(page, 'ReturnsPanel');
  await expect(form.getByText('Money goes back in cash, given back to the customer.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A cash refund names who gives the cash: the shop's till unless the rider picks the return up.
  const giver = form.getByRole('group', { name: 'Who gives the cash back' });
  await expect(giver.getByLabel('The shop, from the till')).toBeChecked();
  await expect(giver.getByLabel(/^The order’s rider, on the pick-up/)).toBeDisabled(); // delivered with no rider assigned
  // A quantity that is not a number is marked beside its line.
  const qty = form.getByLabel(new RegExp(`^${product.name}`));
  await form.getByLabel('Reason').selectOption({ label: 'Damaged' });
  for (const wrong of ['abc', '-1']) {
    await qty.fill(wrong);
    await form.getByRole('button', { name: 'Record return' }).click();
    await expect(form.getByText(/^Enter a quantity between 0 and \d+(\.\d+)?\.$/)).toBeVisible();
    await expect(qty).toHaveAttribute('aria-invalid', 'true');
  }
  await qty.fill('1');
  await form.getByLabel('Note (optional)').fill('Crushed in the bag');
  await form.getByRole('button', { name: 'Record return' }).click();
  const done = form.getByText(/back in cash, given back to the customer\. Credit note /);
  await expect(done).toBeVisible();
  const noteLink = form.getByRole('link', { name: /^Download credit note / });
  const number = (await noteLink.textContent())!.replace('Download credit note ', '').trim();
  expect(number).toMatch(/^FFC\/\d{2}-\d{2}\/\d{6}$/);
  await expect(form.getByText('Taken back in full')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const [staffPdf] = await Promise.all([page.waitForEvent('download'), noteLink.click()]);
  expect(staffPdf.suggestedFilename()).toBe(`credit-note-${number.replaceAll('/', '-')}.pdf`);

  // Reloaded, the page lists the credit note beside the order's invoice, which staff download too.
  await page.reload();
  const notes = page.getByRole('region', { name: 'Invoice and credit notes' });
  await expect(notes.getByText(number, { exact: true })).toBeVisible();
  const invoiceLink = notes.getByRole('link', { name: /^Invoice FF\/\d{2}-\d{2}\/\d{6}/ });
  const invoicePdf = await page.request.get((await invoiceLink.getAttribute('href'))!);
  expect(invoicePdf.status(), await invoicePdf.text()).toBe(200);
  expect(invoicePdf.headers()['content-disposition']).toMatch(
    /^attachment; filename="invoice-FF-\d{2}-\d{2}-\d{6}\.pdf"$/,
  );
  // The order's history names the return, the money and the credit note, and who recorded it.
  await expect(page.getByRole('region', { name: 'History' }).getByText(`Returned 1 × ${product.name}`)).toContainText(
    `credit note ${number}`,
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await notes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/returns-credit-notes-${width}.png`, fullPage: true });
  }

  // The customer's tracking page offers the credit note beside the invoice.
  const customerPage = await customerContext.newPage();
  await customerPage.setViewportSize({ width: 375, height: 800 });
  await customerPage.goto(`/track-order?order=${orderId}`);
  await expect(customerPage.getByRole('link', { name: /Download invoice/ })).toBeVisible();
  await expect(customerPage.getByText(/for returned or refunded items, given back in cash$/)).toBeVisible();
  const link = customerPage.getByRole('link', { name: new RegExp(`^Credit note ${number}`) });
  await expect(link).toBeVisible();
  const [customerPdf] = await Promise.all([customerPage.waitForEvent('download'), link.click()]);
  expect(customerPdf.suggestedFilename()).toBe(`credit-note-${number.replaceAll('/', '-')}.pdf`);
  await customerPage.screenshot({ path: 'test-results/credit-note-tracking-375.png', fullPage: true });
  await customerContext.close();
});
