/**
 * Paying online when the browser cannot learn how the payment ended (the e2e server pays through
 * the payment simulator): the connection drops as Pay Now sends the payment, or while releasing a
 * declined one. The checkout and the cart then show the order's lines read-only under "We are
 * checking your payment for order #N", with Place Order (and Proceed to Checkout) disabled, and
 * never an empty cart; staff find the order under the board's "Awaiting payment" filter and open
 * its page with the gateway's state. Resolved either way: paid → Order Confirmed; released → the
 * lines are back at checkout and the screen says so. Axe finds no serious issue on the new
 * states; screenshots of the cart's at 360 and 1280 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './back-office-helpers.ts';
import { fillCart, hydrated, myOrders, originHeader } from './checkout-helpers.ts';
import { atCheckout, cartLines, ownerSignIn } from './payment-helpers.ts';
import { cartControl } from './session-helpers.ts';

const CHECKING = /We are checking your payment for order #(\d+)/;

/** The order the page is checking on: its number, read from the message. */
async function checkingOrder(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: CHECKING });
  await expect(status).toBeVisible({ timeout: 10_000 });
  return Number(CHECKING.exec((await status.textContent()) ?? '')![1]);
}

test('a connection lost during Pay Now: the lines read-only at checkout and on the cart, staff see it, then it is placed', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const product = await atCheckout(page);
  // The connection drops as Pay Now sends the payment: the checkout cannot know whether it went through.
  await page.route('**/api/payments/simulator/pay', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Place Order' }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await modal.getByRole('button', { name: /^Pay Now/ }).click();
  await expect(modal).toBeHidden({ timeout: 10_000 });

  const orderId = await checkingOrder(page);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `We lost the connection while confirming your payment for order #${orderId}` }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment processing failed.' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: `Items in order #${orderId}` })).toContainText(product);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/checkout-payment-in-doubt-1280.png', fullPage: true });

  // The cart is not empty meanwhile: the order's lines, read-only, at 360 and 1280 px.
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/cart');
    await hydrated(page, 'PaymentInDoubt');
    await expect(
      page.getByRole('status').filter({ hasText: `We are checking your payment for order #${orderId}` }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: `Items in order #${orderId}` })).toContainText(product);
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/cart-payment-in-doubt-${width}.png`, fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);

  // Staff: under "Awaiting payment" on the board, and its page with the gateway's state; no moves.
  await ownerSignIn(page);
  await page.goto('/admin');
  await hydrated(page, 'OrderBoard');
  await page.getByLabel('Status', { exact: true }).selectOption('pending_payment');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order #${orderId}` }) });
  await expect(row).toContainText('Awaiting payment');
  // Online, but not paid: never "Paid online" until the gateway confirms.
  await expect(row).toContainText('Online payment, awaiting payment');
  await expect(row).not.toContainText('Paid online');
  await page.getByRole('link', { name: `Order #${orderId}` }).click();
  await hydrated(page, 'StaffOrderView');
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByText('This order is awaiting its online payment.')).toBeVisible();
  await expect(page.getByText('Online payment · Awaiting payment', { exact: true })).toBeVisible();
  const payment = page.getByRole('region', { name: 'Online payment' });
  await expect(payment).toContainText(/Gateway order\s*order_/);
  await expect(payment).toContainText(/Gateway state\s*Created: no payment yet/);
  await expect(page.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print packing slip' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  const gatewayOrderId = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()).data.order.payment
    .gateway_order_id as string;

  // Back at the checkout, which waits on the order; the payment reaches the gateway after all
  // (the customer's UPI app finished it), and the connection comes back: Order Confirmed, once.
  await page.unroute('**/api/payments/simulator/pay');
  await page.goto('/checkout');
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('status').filter({ hasText: `order #${orderId}` })).toBeVisible();
  const paid = await page.request.post('/api/payments/simulator/pay', {
    headers: originHeader(page),
    data: { order_id: gatewayOrderId, method: 'upi', outcome: 'success' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible({ timeout: 10_000 });
  const orders = await myOrders(page);
  expect(orders.map((o) => [o.id, o.payment_status])).toEqual([[orderId, 'paid']]);
});

test('a decline whose release could not be sent: the checkout waits, then the lines come back and it says so', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const product = await atCheckout(page);
  const before = await cartLines(page);
  await page.route('**/api/customer/payments/razorpay/cancel', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Place Order' }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await modal.getByRole('button', { name: 'Decline payment' }).click();
  await expect(modal).toBeHidden({ timeout: 10_000 });
  const orderId = await checkingOrder(page);
  await expect(page.getByRole('list', { name: `Items in order #${orderId}` })).toContainText(product);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  expect(await cartLines(page)).toEqual([]);

  // Asking again while nothing was paid changes nothing: still checking.
  const asked = page.waitForResponse('**/api/customer/payments/check');
  await page.getByRole('button', { name: 'Check now' }).click();
  expect((await (await asked).json()).data.status).toBe('pending');
  await expect(page.getByRole('status').filter({ hasText: `order #${orderId}` })).toBeVisible();

  // The order is released elsewhere (another tab's cancel, or the payments job): the gateway order comes from staff's view.
  await ownerSignIn(page);
  const staffView = await page.request.get(`/api/admin/orders/${orderId}`);
  expect(staffView.status()).toBe(200);
  const staffOrder = (await staffView.json()).data.order;
  expect(staffOrder.payment.gateway_state).toBe('failed');
  const released = await page.request.post('/api/customer/payments/razorpay/cancel', {
    headers: originHeader(page),
    data: { razorpay_order_id: staffOrder.payment.gateway_order_id },
  });
  expect((await released.json()).data.status).toBe('released');

  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: `Order #${orderId} was not placed: its payment did not go through, and no money was kept. Its items are back in your cart.`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Details' })).toContainText(before[0]!.name);
  await expect(page.getByRole('button', { name: 'Place Order' }).first()).toBeEnabled();
  expect(await cartLines(page)).toEqual(before);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the payment sheet left open in a closed tab: the cart panel and the cart say the payment is being checked, and checkout waits', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 780 });
  await atCheckout(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment' })).toBeVisible();
  const pending = (await (await page.request.get('/api/customer/payments/pending')).json()).data.order as {
    id: number;
  };
  const orderId = pending.id;

  // A new tab, elsewhere in the shop: the cart panel says whose payment is being checked, never an empty cart.
  await page.goto('/shop');
  await cartControl(page).hover();
  await hydrated(page, 'CartButton');
  await cartControl(page).click();
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(
    panel.getByRole('status').filter({ hasText: `We are checking your payment for order #${orderId}` }),
  ).toBeVisible();
  await expect(panel.getByText('Your cart is empty')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await expect(panel.getByRole('link', { name: 'See its items in your cart' })).toHaveAttribute('href', '/cart');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/cart-panel-payment-in-doubt-360.png' });

  // New items added meanwhile: the cart lists them, but Proceed to Checkout waits for the order, saying why.
  const added = await fillCart(page, 1);
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('table', { name: 'Items in your cart' })).toContainText(added);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await expect(summary).toContainText(
    `You can check out once the payment for order #${orderId} is settled: it is placed, or its items come back to your cart.`,
  );
  expect(await seriousViolations(page)).toEqual([]);
});
