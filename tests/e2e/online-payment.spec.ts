/**
 * Pay Online with the payment simulator (PAYMENT_GATEWAY=simulator, the e2e server's setting),
 * which speaks Razorpay's protocol: the checkout creates the order awaiting payment, the
 * simulator's checkout modal takes the payment, the shop verifies its signature.
 * - Paid by UPI: "Payment Successful!", Order Confirmed; cancelled, its refund's status on the
 *   tracking page and the staff's order page.
 * - Declined: "Payment processing failed." with what to do next, and the cart as it was.
 * - Closed: no money was taken. Abandoned with the browser unable to say so: the checkout shows
 *   the order's lines read-only while it waits; the order is released after
 *   PAYMENT_PENDING_MINUTES (1 in e2e) by the payments job, and the cart lines come back.
 * - Verified with the gateway unreachable (503): the checkout asks again and the order is placed.
 * Axe finds no serious issue in the modal; screenshots of it at 375 and 1280 px. Razorpay's own
 * checkout and a failed refund: online-payment-gateway.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, myOrders, originHeader } from './checkout-helpers.ts';
import { atCheckout, cartLines, ownerSignIn } from './payment-helpers.ts';

async function seriousInDialog(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, paying by UPI confirms the order and the owner's board shows it paid online`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await atCheckout(page);
    await expect(page.getByRole('note', { name: 'Demo shop' })).toContainText('test payments');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment' });
    await expect(modal.getByRole('img', { name: 'UPI QR code (test payments)' })).toBeVisible();
    await expect(modal.getByText('Test payments: no money is taken')).toBeVisible();
    expect(await seriousInDialog(page)).toEqual([]);
    await page.screenshot({ path: `test-results/simulator-modal-${viewport.width}.png` });
    for (const option of ['Cards', 'Net banking', 'Wallet', 'UPI'])
      await modal.getByRole('radio', { name: option }).click();
    await modal.getByRole('button', { name: 'Google Pay' }).click();
    await modal.getByRole('button', { name: /^Pay Now/ }).click();
    await expect(modal.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(modal.getByText('Payment Successful!')).toBeVisible({ timeout: 10_000 });
    await expect(modal.getByText('Your order has been placed successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    const orders = await myOrders(page);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ payment_mode: 'Online', payment_status: 'paid' });
    const orderId = orders[0]!.id;

    if (viewport.width > 1000) {
      // The owner's board: the order, flagged paid online.
      await ownerSignIn(page);
      await page.goto('/admin');
      await hydrated(page, 'OrderBoard');
      const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order #${orderId}` }) });
      await expect(row).toContainText('Paid online');
    }

    // Cancelled within 30 minutes: the payment is refunded, and the tracking page says where it stands.
    const cancel = await page.request.post('/api/customer/cancel-order', {
      data: { order_id: orderId },
      headers: originHeader(page),
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await page.goto(`/track-order?order=${orderId}`);
    await expect(
      page.getByText(/refund to your original payment method, for the cancelled order — (pending|processed|failed)/),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/track-order-refund-${viewport.width}.png`, fullPage: true });
    if (viewport.width < 1000) return;

    // The staff's order page: the payment and its refund with the gateway's status.
    await page.goto(`/admin/orders/${orderId}`);
    await hydrated(page, 'StaffOrderView');
    const payment = page.getByRole('region', { name: 'Online payment' });
    await expect(payment).toContainText(/pay_/);
    await expect(payment).toContainText(/for the cancelled order\s*(Pending at the gateway|Processed|Sending|Failed)/);
    await page.screenshot({ path: 'test-results/staff-order-refund-1280.png', fullPage: true });
  });
}

test('a payment the shop could not confirm yet is not released: the checkout waits on it, and it is placed once', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await atCheckout(page);
  // The gateway could not be asked when the checkout's callback arrived: the verify route answers 503.
  await page.route('**/api/customer/payments/razorpay/verify', (route) =>
    route.fulfill({ status: 503, json: { success: false, message: 'We could not confirm your payment yet.' } }),
  );
  const cancels: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/customer/payments/razorpay/cancel')) cancels.push(r.url());
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await modal.getByRole('button', { name: /^Pay Now/ }).click();
  // The checkout asks again (the gateway says it was paid): Order Confirmed, one paid order, never released.
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible({ timeout: 10_000 });
  expect(cancels).toEqual([]);
  await expect.poll(async () => (await myOrders(page)).map((o) => o.payment_status)).toEqual(['paid']);
});

test('a declined payment says "Payment processing failed." with what to do next, and leaves the cart as it was', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await atCheckout(page);
  const before = await cartLines(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await modal.getByRole('radio', { name: 'Cards' }).click();
  await modal.getByRole('button', { name: 'Decline payment' }).click();
  await expect(modal).toBeHidden({ timeout: 10_000 });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Payment processing failed. Please try again, or choose another payment method.' }),
  ).toBeVisible();
  expect(await cartLines(page)).toEqual(before);
  await expect(page.getByRole('region', { name: 'Order Details' })).toContainText(before[0]!.name);

  // Another try is a new attempt, and it goes through.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await modal.getByRole('button', { name: /^Pay Now/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible({ timeout: 10_000 });
  expect((await myOrders(page)).filter((o) => o.payment_status === 'paid')).toHaveLength(1);
});

test('closing the payment modal says no money was taken, and an order left unpaid is released after the pending time', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await atCheckout(page);
  const before = await cartLines(page);

  // Closed: the checkout releases the order at once.
  await page.getByRole('button', { name: 'Place Order' }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close Payment' }).click();
  await expect(modal).toBeHidden();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Payment cancelled: no money was taken. You can try again, or choose another payment method.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment processing failed.' })).toHaveCount(0);
  await expect.poll(() => cartLines(page)).toEqual(before);
  await expect(page.getByRole('button', { name: 'Place Order' }).first()).toBeEnabled();

  // Left with no word from the browser (the cancel call never arrives): the order waits for its
  // payment with the cart's lines held and shown read-only, then the payments job releases it
  // and the checkout says so, with the lines back.
  await page.route('**/api/customer/payments/razorpay/cancel', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(modal).toBeVisible();
  await expect.poll(() => cartLines(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: /We are checking your payment for order #\d+/ }),
  ).toBeVisible();
  await expect.poll(() => cartLines(page), { timeout: 200_000, intervals: [5_000] }).toEqual(before);
  await expect(page.getByRole('alert').filter({ hasText: /Order #\d+ was not placed/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('region', { name: 'Order Details' })).toContainText(before[0]!.name);
});
