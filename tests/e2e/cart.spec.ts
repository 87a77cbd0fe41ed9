/**
 * The cart in the browser (docs/storefront-rules.md#cart) at a phone
 * and a desktop width: a guest's add waits for the login (also across a reload), the detail
 * page's "Add to Cart - total", quantities and removal on /cart and in the panels, the empty
 * states, the checkout rules, a line that vanished on the server, a line whose product left the
 * shop, and the JavaScript budgets of the catalogue, product and cart pages.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { STAFF, staffSignInByApi } from './back-office-helpers.ts';
import { describeScripts, recordScripts } from './script-bytes.ts';
import {
  authDialog,
  cartControl,
  createCustomer,
  hydrated,
  isMobile,
  loginInDialog,
  openAuthFromNavbar,
  origin,
} from './session-helpers.ts';

interface CartLineJson {
  cart_id: number;
  product_id: number;
  product_name: string;
  qty: number;
  offer_price: number;
}

async function myCart(page: Page): Promise<CartLineJson[]> {
  const res = await page.request.get('/api/customer/my-cart');
  expect(res.status()).toBe(200);
  return (await res.json()).data.my_cart;
}

/** A product in stock priced under ₹499 (so delivery is charged for one unit). */
async function cheapProduct(page: Page): Promise<{ id: number; name: string; offer_price: number; stock: number }> {
  const home = await (await page.request.get('/api/customer/home')).json();
  const products = home.data.products as { id: number; name: string; offer_price: number; stock: number }[];
  const found = products.find((p) => p.stock >= 5 && p.offer_price * 3 < 499);
  if (found) return found;
  throw new Error('no cheap product in the home feed');
}

async function addThroughApi(page: Page, productId: number, qty: number): Promise<void> {
  const res = await page.request.post('/api/customer/add-product', {
    multipart: { product_id: String(productId), qty: String(qty) },
    headers: origin(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('a guest who presses Add logs in, even after a reload, and finds the item in the cart', async ({
      page,
      playwright,
    }) => {
      const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      const phone = await createCustomer(api);
      await api.dispose();

      await page.goto('/shop');
      const card = page
        .locator('article')
        .filter({ has: page.getByRole('button', { name: /^Add .+ to cart$/ }) })
        .first();
      const name = (await card.getByRole('heading').textContent())!.trim();
      await card.getByRole('button', { name: `Add ${name} to cart` }).click();
      const dialog = authDialog(page);
      await expect(dialog.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

      await page.reload();
      const again = await openAuthFromNavbar(page, 'Login');
      await loginInDialog(again, phone);
      await expect(page.getByRole('status').filter({ hasText: 'Item added to cart' })).toBeVisible();
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
      const lines = await myCart(page);
      expect(lines.map((l) => [l.product_name, l.qty])).toEqual([[name, 1]]);
      // Remembered once only.
      expect(await page.evaluate(() => localStorage.getItem('pendingCartAdd'))).toBeNull();
    });

    test('the detail page adds the chosen quantity; guests log in first', async ({ page, playwright }) => {
      const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      const phone = await createCustomer(api);
      await api.dispose();
      const product = await cheapProduct(page);

      await page.goto(`/product/${product.id}`);
      await hydrated(page, 'ProductPurchase');
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      const add = page
        .getByRole('button', { name: `Add to Cart - ${rupees(product.offer_price * 2)}` })
        .locator('visible=true');
      await add.click();
      await loginInDialog(authDialog(page), phone);
      await expect.poll(async () => (await myCart(page)).map((l) => [l.product_id, l.qty])).toEqual([[product.id, 2]]);

      // Signed in now: the button adds at once, with the toast.
      await add.click();
      await expect(page.getByRole('status').filter({ hasText: 'Item added to cart' })).toBeVisible();
      await expect.poll(async () => (await myCart(page))[0]?.qty).toBe(4);
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 4 items');
    });

    test('/cart: steppers, remove with confirmation, summary with delivery, empty state', async ({ page }) => {
      await createCustomer(page.request);
      const product = await cheapProduct(page);
      await addThroughApi(page, product.id, 2);

      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
      await expect(page.getByText('2 items', { exact: true })).toBeVisible();
      await hydrated(page, 'CartPage');
      const row = page.getByRole('row').filter({ hasText: product.name });
      const minus = row.getByRole('button', { name: `Decrease quantity of ${product.name}` });
      const plus = row.getByRole('button', { name: `Increase quantity of ${product.name}` });
      const qty = row.getByRole('group', { name: `Quantity of ${product.name}`, exact: true }).locator('output');

      await plus.click();
      await expect(qty).toHaveText('3');
      await expect(page.getByText('3 items', { exact: true })).toBeVisible();
      const subtotal = product.offer_price * 3;
      await expect(page.locator('[data-summary="subtotal"]')).toHaveText(rupees(subtotal));
      await expect(page.locator('[data-summary="delivery"]')).toHaveText('₹40.00');
      await expect(page.getByText(`${rupees(499 - subtotal)} more for free delivery`)).toBeVisible();
      await expect(page.locator('[data-summary="total"]')).toHaveText(rupees(subtotal + 40));

      await minus.click();
      await expect(qty).toHaveText('2');
      await minus.click();
      await expect(qty).toHaveText('1');
      await expect(minus).toBeDisabled();
      await expect(row.getByRole('group', { name: `Quantity of ${product.name}` })).toHaveAttribute(
        'aria-busy',
        'false',
      );
      expect((await myCart(page))[0].qty).toBe(1);

      await row.getByRole('button', { name: `Remove ${product.name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove item?' });
      await expect(confirm).toBeVisible();
      const axe = await new AxeBuilder({ page }).include('dialog[open]').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(row).toBeVisible();

      await row.getByRole('button', { name: `Remove ${product.name}` }).click();
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
      await expect(page.getByText('Add some items to get started!')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 0 items');
      expect(await myCart(page)).toEqual([]);
    });

    test('the navbar cart panel changes quantities, removes, and follows the checkout rules', async ({ page }) => {
      await createCustomer(page.request);
      const product = await cheapProduct(page);
      await addThroughApi(page, product.id, 2);

      await page.goto('/shop');
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
      await expect(cartControl(page).locator('[data-cart-count]')).toBeVisible();
      await cartControl(page).hover();
      await hydrated(page, 'CartButton');
      await cartControl(page).click();
      const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
      await expect(panel).toBeVisible();
      const item = panel.getByRole('listitem').filter({ hasText: product.name });
      await item.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
      await expect(item.locator('output')).toHaveText('3');
      // Line totals: 2 decimals on the desktop card and on the mobile panel alike.
      await expect(item).toContainText(rupees(product.offer_price * 3));
      await expect(panel).toContainText(rupees(product.offer_price * 3 + 40));
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 3 items');

      if (isMobile(page)) {
        await expect(panel).toHaveAttribute('aria-modal', 'true');
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          expect(await panel.evaluate((d) => d.contains(document.activeElement))).toBe(true);
        }
        await panel.getByRole('button', { name: 'Back' }).click();
        await expect(panel).toBeHidden();
        await expect(page).toHaveURL(/\/shop$/);
        await expect(cartControl(page)).toBeFocused();
        await cartControl(page).click();
        await expect(panel).toBeVisible();
      } else {
        await expect(panel.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
        // The card keeps Tab inside it, and Escape gives focus back to the cart icon.
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          expect(await panel.evaluate((d) => d.contains(document.activeElement))).toBe(true);
        }
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        await expect(cartControl(page)).toBeFocused();
        await cartControl(page).click();
        await expect(panel).toBeVisible();
      }

      await item.getByRole('button', { name: `Remove ${product.name}` }).click();
      await page.getByRole('dialog', { name: 'Remove item?' }).getByRole('button', { name: 'Remove' }).click();
      await expect(panel.getByText('Your cart is empty')).toBeVisible();
      await expect(panel.getByText('Add items to start a basket')).toBeVisible();

      const alerts: string[] = [];
      page.once('dialog', (d) => {
        alerts.push(d.message());
        void d.accept();
      });
      await panel.getByRole('button', { name: 'Checkout' }).click();
      await expect.poll(() => alerts).toEqual(['Your cart is empty. Please add items before checkout.']);
      await expect(cartControl(page).locator('[data-cart-count]')).toBeHidden();
    });

    test('a line removed elsewhere disappears with the spec message', async ({ page }) => {
      await createCustomer(page.request);
      const product = await cheapProduct(page);
      await addThroughApi(page, product.id, 2);
      await page.goto('/cart');
      await hydrated(page, 'CartPage');
      const [line] = await myCart(page);
      const gone = await page.request.post('/api/customer/delete-product', {
        multipart: { cart_id: String(line.cart_id) },
        headers: origin(),
      });
      expect(gone.status()).toBe(200);

      await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Failed to update quantity. The item may have been removed.' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    });
  });
}

test('a line whose product left the shop reads "No longer available"; checkout waits until it is removed', async ({
  page,
  browser,
}) => {
  // The owner adds a product of the test's own, so archiving it disturbs no other test.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/admin/login');
  await staffSignInByApi(staff, STAFF.owner.mobile, origin());
  const other = await cheapProduct(page);
  const model = (await (await staff.request.get(`/api/admin/products/${other.id}`)).json()).data.product;
  const name = `Kudampuli ${Math.random().toString(36).slice(2, 8)}`;
  const created = await staff.request.post('/api/admin/products', {
    data: {
      sku: `E2E-${name.toUpperCase().replace(' ', '-')}`,
      name,
      category_id: model.categoryId,
      subcategory_id: model.subcategoryId,
      mrp_paise: 9_000,
      price_paise: 8_000,
      stock: 20,
      is_active: true,
      // Kudampuli weighed out from the sack: loose, no packaged declarations.
      sold_loose: true,
    },
    headers: origin(),
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.product.id as number;
  try {
    await createCustomer(page.request);
    await addThroughApi(page, other.id, 1);
    await addThroughApi(page, id, 2);
    const archived = await staff.request.post(`/api/admin/products/${id}/archive`, { headers: origin() });
    expect(archived.status(), await archived.text()).toBe(200);

    await page.goto('/cart');
    await hydrated(page, 'CartPage');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('No longer available')).toBeVisible();
    await expect(row.getByRole('button', { name: `Increase quantity of ${name}` }).first()).toBeDisabled();
    const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
    await expect(proceed).toBeDisabled();
    await expect(proceed).toHaveAccessibleDescription('Remove the items that are no longer available to check out.');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('cart-no-longer-available.png'), fullPage: true });

    // The checkout marks the line too, and Place Order waits with the cart's reason and a way back.
    await page.goto('/checkout');
    await hydrated(page, 'Checkout');
    const details = page.getByRole('region', { name: 'Order Details' });
    await expect(
      details.getByRole('listitem').filter({ hasText: name }).getByText('No longer available'),
    ).toBeVisible();
    await expect(
      details.getByRole('listitem').filter({ hasText: other.name }).getByText('No longer available'),
    ).toHaveCount(0);
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeDisabled();
    await expect(placeOrder).toHaveAccessibleDescription('Remove the items that are no longer available to check out.');
    const checkoutAxe = await new AxeBuilder({ page }).analyze();
    expect(checkoutAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('checkout-no-longer-available.png'), fullPage: true });
    // On a phone Place Order sits in the bottom bar, held the same way.
    await page.setViewportSize({ width: 375, height: 800 });
    const bar = page.getByRole('region', { name: 'Total and Place Order' });
    await expect(bar.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await expect(bar.getByRole('button', { name: 'Place Order' })).toHaveAccessibleDescription(
      'Remove the items that are no longer available to check out.',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('checkout-no-longer-available-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Back to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await hydrated(page, 'CartPage');

    await row.getByRole('button', { name: `Remove ${name}` }).click();
    await page.getByRole('dialog', { name: 'Remove item?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(row).toHaveCount(0);
    await expect(proceed).toBeEnabled();
  } finally {
    await staff.request.delete(`/api/admin/products/${id}`, { headers: origin() });
    await staffContext.close();
  }
});

test.describe('guests', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Checkout opens the login dialog; /cart shows the empty state', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await cartControl(page).hover();
    await hydrated(page, 'CartButton');
    await cartControl(page).click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(panel.getByText('Your cart is empty')).toBeVisible();
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(authDialog(page).getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a guest loads no cart code on /cart, logs in there and then sees their cart', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const phone = await createCustomer(api);
    const home = (await (await api.get('/api/customer/home')).json()).data.products as {
      id: number;
      name: string;
      stock: number;
    }[];
    const product = home.find((p) => p.stock >= 5)!;
    const added = await api.post('/api/customer/add-product', {
      multipart: { product_id: String(product.id), qty: '2' },
      headers: origin(),
    });
    expect(added.status(), await added.text()).toBe(200);
    await api.dispose();

    const scripts = recordScripts(page);
    await page.goto('/cart', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    expect(
      [...(await scripts()).scripts.keys()].filter((url) =>
        /\/(CartPage|QuantityStepper|ConfirmRemove|CartStatus|LineImage)\./.test(url),
      ),
    ).toEqual([]);

    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await loginInDialog(authDialog(page), phone);
    const row = page.getByRole('row').filter({ hasText: product.name });
    await expect(
      row.getByRole('group', { name: `Quantity of ${product.name}`, exact: true }).locator('output'),
    ).toHaveText('2');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeHidden();
  });

  test("the product page and a guest's cart stay within their JavaScript budgets once idle", async ({ page }) => {
    // The bench's budgets (scripts/bench/report.ts), which also count the pages' inline scripts.
    for (const [url, budgetKb] of [
      ['/product/1', 85.9],
      ['/cart', 78.7],
    ] as const) {
      const scripts = recordScripts(page);
      await page.goto(url, { waitUntil: 'networkidle' });
      await expect(page.getByRole('region', { name: 'Delivery' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const loaded = await scripts();
      expect(loaded.total, `${url}\n${describeScripts(loaded.scripts)}`).toBeLessThanOrEqual(budgetKb * 1024);
    }
  });

  test('a catalogue page stays within 95 KB of gzipped JavaScript once the visitor reaches for Add and the cart', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/shop', { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: /^Add .+ to cart$/ })
      .first()
      .hover();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).hover();
    // The cart button's island hydrates on that hover and brings React's client: the measure is
    // taken once it has, so it counts what the visitor downloads, however fast the machine is.
    await expect(page.locator('astro-island[component-url*="/CartButton."]')).not.toHaveAttribute('ssr');
    await page.waitForLoadState('networkidle');
    const loaded = await scripts();
    expect(loaded.total, describeScripts(loaded.scripts)).toBeLessThanOrEqual(95 * 1024);
  });
});
