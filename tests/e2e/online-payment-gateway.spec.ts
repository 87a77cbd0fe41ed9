/**
 * Pay Online beyond the simulator's own modal:
 * - With Razorpay as the gateway: checkout.js (a stand-in served for Razorpay's URL) is allowed by
 *   the checkout page's policy and loaded once, opened with the gateway order and the customer's
 *   name and phone; a dismissal releases the order and says no money was taken; the callback is verified.
 * - A refund the gateway failed: "failed, we are retrying" for the customer, flagged on the board,
 *   its reason on the staff's order page, and Retry refund sends it again.
 */
import { expect, test } from '@playwright/test';
import { hydrated, myOrders, originHeader } from './checkout-helpers.ts';
import { atCheckout, cartLines, ownerSignIn, SIMULATOR } from './payment-helpers.ts';

test('with Razorpay as the gateway, checkout.js is loaded once from Razorpay, a dismissal releases the order and the callback is verified', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  // The e2e server's gateway is the simulator, which speaks Razorpay's protocol: place-order's
  // answer is shown to the page as Razorpay's, and Razorpay's script is a stand-in that records
  // its options (the browser still checks it against the page's Content-Security-Policy).
  await page.route('**/api/customer/place-order', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body.data?.payment) body.data.payment.gateway = 'razorpay';
    await route.fulfill({ response, json: body });
  });
  let scriptLoads = 0;
  await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) => {
    scriptLoads++;
    return route.fulfill({
      contentType: 'text/javascript',
      body: `window.Razorpay = function (options) { this.options = options; this.listeners = {}; };
        window.Razorpay.prototype.on = function (event, listener) { this.listeners[event] = listener; };
        window.Razorpay.prototype.open = function () { window.openedRazorpay = this; };`,
    });
  });
  await atCheckout(page);
  const before = await cartLines(page);
  const opened = () => page.waitForFunction(() => (window as unknown as { openedRazorpay?: unknown }).openedRazorpay);

  // Opened, then closed without paying: released, the cart as it was.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await opened();
  const options = await page.evaluate(() => {
    const o = (window as unknown as { openedRazorpay: { options: Record<string, unknown> } }).openedRazorpay.options;
    return { ...o, handler: typeof o.handler };
  });
  expect(options).toMatchObject({
    key: 'rzp_test_FarmFreshSim01',
    order_id: expect.stringMatching(/^order_/),
    amount: expect.any(Number),
    currency: 'INR',
    name: 'FarmFresh',
    prefill: { name: 'Asha Menon', contact: '+919876543210' },
    handler: 'function',
  });
  await expect(page.getByRole('dialog', { name: 'Payment' })).toHaveCount(0);
  await page.evaluate(() => {
    const w = window as unknown as { openedRazorpay?: { options: { modal: { ondismiss: () => void } } } };
    const checkout = w.openedRazorpay!;
    w.openedRazorpay = undefined;
    checkout.options.modal.ondismiss();
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Payment cancelled: no money was taken.' })).toBeVisible();
  await expect.poll(() => cartLines(page)).toEqual(before);

  // Again, paid inside "Razorpay" (the simulator takes the payment): the callback is verified.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await opened();
  await page.evaluate(async () => {
    const checkout = (
      window as unknown as {
        openedRazorpay: { options: { order_id: string; handler: (callback: unknown) => void } };
      }
    ).openedRazorpay;
    const res = await fetch('/api/payments/simulator/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: checkout.options.order_id, method: 'upi', outcome: 'success' }),
    });
    checkout.options.handler((await res.json()).data);
  });
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible({ timeout: 10_000 });
  expect((await myOrders(page)).filter((o) => o.payment_status === 'paid')).toHaveLength(1);
  expect(scriptLoads).toBe(1);
  expect(violations).toEqual([]);
});

test('a refund the gateway failed shows on the staff order page with its reason, and Retry refund sends it again', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await atCheckout(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page
    .getByRole('dialog', { name: 'Payment' })
    .getByRole('button', { name: /^Pay Now/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible({ timeout: 10_000 });
  const orderId = (await myOrders(page))[0]!.id;
  const settings = (patch: Record<string, string>) =>
    page.request.post(`${SIMULATOR}/_simulator/settings`, { data: patch });
  try {
    expect((await settings({ refunds: 'failed' })).status()).toBe(200);
    const cancel = await page.request.post('/api/customer/cancel-order', {
      data: { order_id: orderId },
      headers: originHeader(page),
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    const refundStatus = async () =>
      (await (await page.request.get(`/api/customer/orders/${orderId}`)).json()).data.order.refunds[0]?.status;
    await expect.poll(refundStatus, { timeout: 20_000 }).toBe('failed');
    await page.goto(`/track-order?order=${orderId}`);
    await expect(page.getByText(/for the cancelled order — failed, we are retrying/)).toBeVisible();
  } finally {
    await settings({ refunds: 'processed' });
  }

  await ownerSignIn(page);
  await page.goto('/admin');
  await hydrated(page, 'OrderBoard');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order #${orderId}` }) });
  await expect(row).toContainText('Refund failed');
  await page.goto(`/admin/orders/${orderId}`);
  await hydrated(page, 'StaffOrderView');
  const payment = page.getByRole('region', { name: 'Online payment' });
  await expect(payment).toContainText('Failed');
  await expect(payment).toContainText('Reason:');
  await page.screenshot({ path: 'test-results/staff-refund-failed-1280.png', fullPage: true });
  await payment.getByRole('button', { name: /^Retry refund/ }).click();
  await expect(payment.getByRole('button', { name: /^Retry refund/ })).toHaveCount(0);
  await expect(payment).toContainText(/Pending at the gateway|Processed|Sending/);
});
