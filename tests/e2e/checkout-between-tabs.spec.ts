/**
 * Checkout between the happy paths: the order contains exactly
 * what the customer saw (a cart changed in another tab is shown, with "Your cart has changed…",
 * before anything is ordered), and a reload keeps the payment method, note and promo code, each
 * checked again.
 */
import { expect, test } from '@playwright/test';
import { checkoutLoaded, hydrated, myOrders, originHeader, signUp, stubTiles } from './checkout-helpers.ts';

const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.52,
  longitude: 76.21,
};

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`a cart changed in another tab is shown before anything is ordered (${viewport.width}px)`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(viewport);
    await stubTiles(page);
    await page.goto('/about');
    await signUp(page);
    expect(
      (await page.request.post('/api/customer/add-address', { data: THRISSUR, headers: originHeader(page) })).status(),
    ).toBe(201);
    const feed = (await (await page.request.get('/api/customer/home')).json()).data.products as {
      id: number;
      name: string;
      stock: number;
    }[];
    const [first, second] = feed.filter((p) => p.stock > 3);
    await page.request.post('/api/customer/add-product', {
      data: { product_id: first!.id, qty: 1 },
      headers: originHeader(page),
    });

    await page.goto('/checkout');
    await hydrated(page, 'Checkout');
    const details = page.getByRole('region', { name: 'Order Details' });
    await expect(details.getByRole('listitem')).toHaveCount(1);
    await expect(details).toContainText(first!.name);

    // A second tab of the same browser adds another product.
    const other = await context.newPage();
    await other.goto('/about');
    const added = await other.request.post('/api/customer/add-product', {
      data: { product_id: second!.id, qty: 1 },
      headers: originHeader(other),
    });
    expect(added.status()).toBe(200);
    await other.close();

    await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByRole('alert')).toContainText(
      'Your cart has changed',
    );
    await expect(details.getByRole('listitem')).toHaveCount(2);
    await expect(details).toContainText(second!.name);
    expect(await myOrders(page)).toHaveLength(0);

    // The badge says 0 as soon as the order is confirmed, not after the cart is fetched again.
    await page.route('**/api/customer/my-cart', () => {});
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[data-cart-link]')).toHaveAttribute(
      'aria-label',
      'Cart, 0 items',
    );
    await page.unroute('**/api/customer/my-cart');
    const orders = await myOrders(page);
    expect(orders).toHaveLength(1);
  });
}

test('a reload keeps the payment method, the note and the promo code, each checked again (375px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await stubTiles(page);
  await page.goto('/about');
  await signUp(page);
  expect(
    (await page.request.post('/api/customer/add-address', { data: THRISSUR, headers: originHeader(page) })).status(),
  ).toBe(201);
  const feed = (await (await page.request.get('/api/customer/home')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  await page.request.post('/api/customer/add-product', {
    data: { product_id: feed.find((p) => p.stock > 3)!.id, qty: 2 },
    headers: originHeader(page),
  });

  await page.goto('/checkout');
  await checkoutLoaded(page);
  await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
  await page.getByLabel('Order Notes').fill('Ring the bell twice');
  await page.getByLabel('Promo code', { exact: true }).fill('fresh5');
  await page.getByRole('button', { name: 'Apply' }).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Discount (FRESH5)');

  await page.reload();
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('radio', { name: 'Pay by Cash On Delivery' })).toBeChecked();
  await expect(page.getByLabel('Order Notes')).toHaveValue('Ring the bell twice');
  await expect(summary).toContainText('Discount (FRESH5)');

  // A code that stopped applying meanwhile is dropped, with the reason.
  await page.evaluate(() =>
    sessionStorage.setItem(
      'checkoutChoices',
      JSON.stringify({ method: 'cod', note: '', promo: 'NOSUCHCODE', redeem: false }),
    ),
  );
  await page.reload();
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('alert').filter({ hasText: 'Promo code NOSUCHCODE was removed' })).toBeVisible();
  await expect(summary).not.toContainText('Discount (');
});

test('on a slow network the order summary shows a skeleton, never ₹0.00 (1280px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');
  await signUp(page);
  expect(
    (await page.request.post('/api/customer/add-address', { data: THRISSUR, headers: originHeader(page) })).status(),
  ).toBe(201);
  const feed = (await (await page.request.get('/api/customer/home')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  await page.request.post('/api/customer/add-product', {
    data: { product_id: feed.find((p) => p.stock > 3)!.id, qty: 1 },
    headers: originHeader(page),
  });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/customer/checkout-summary**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/checkout');
  await hydrated(page, 'Checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Loading').first()).toBeAttached();
  await expect(summary).not.toContainText('₹');
  release();
  await expect(summary).toContainText(/Total\s*₹[1-9]/);
});
