/**
 * Substitutions and Buy again in the browser, at a phone and a desktop width, with axe:
 * - substitutions: a line's "If out of stock" choice made in the cart (kept across a reload),
 *   the order's choice made at checkout, both shown on the order in My Account and on tracking;
 * - Buy again: nothing for a new customer; the demo customer (delivered orders in the demo shop)
 *   sees it on the home page and in My Account as product cards, and one tap adds a product to
 *   the cart; their hearts show and change the wishlist; a guest on the home page downloads none
 *   of its code, and it appears when they sign in there.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { fillCart, hydrated, originHeader, signUp } from './checkout-helpers.ts';
import { loginInDialog, openAuthFromNavbar } from './session-helpers.ts';

const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12',
  street: 'Round South',
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.52,
  longitude: 76.21,
};
const DEMO_PHONE = '+919447000001';

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Signs the demo customer in through the API (demo OTP) in the page's cookie jar and empties her cart. */
async function signInAsDemoCustomer(page: Page): Promise<void> {
  const sent = await page.request.post('/api/validate-customer', {
    data: { key: DEMO_PHONE },
    headers: originHeader(page),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const login = await page.request.post('/api/otp-login', {
    data: { key: DEMO_PHONE, otp: (await sent.json()).data.demo_otp },
    headers: originHeader(page),
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.request.post('/api/customer/clear-cart', { headers: originHeader(page) });
}

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`substitutions at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('a line choice in the cart and the order choice at checkout reach the order and its tracking', async ({
      page,
    }) => {
      test.slow();
      await page.goto('/about');
      await signUp(page);
      expect(
        (
          await page.request.post('/api/customer/add-address', { data: THRISSUR, headers: originHeader(page) })
        ).status(),
      ).toBe(201);
      const name = await fillCart(page, 1);

      await page.goto('/cart');
      await hydrated(page, 'CartPage');
      const select = page.getByLabel(`If out of stock: ${name}`);
      await expect(select).toHaveValue('');
      await expect(select.locator('option:checked')).toHaveText('Same as the order');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/customer/set-substitution') && r.status() === 200,
      );
      await select.selectOption({ label: 'Call me' });
      await saved;
      expect(await seriousViolations(page)).toEqual([]);
      await page.reload();
      await expect(page.getByLabel(`If out of stock: ${name}`)).toHaveValue('call');

      await page.goto('/checkout');
      await hydrated(page, 'Checkout');
      const group = page.getByRole('group', { name: 'If an item is out of stock' });
      await expect(group).toContainText('1 item has one from your cart');
      await expect(group.getByRole('radio', { name: 'Replace with a similar item' })).toBeChecked();
      // Keyboard: the arrow keys move through the radio group.
      await group.getByRole('radio', { name: 'Replace with a similar item' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(group.getByRole('radio', { name: "Don't replace (refund)" })).toBeChecked();
      await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
      const orders = (await (await page.request.get('/api/customer/my-orders')).json()).data.orders as {
        id: number;
        substitution: string;
        order_items: { substitution: string }[];
      }[];
      expect(orders[0]).toMatchObject({ substitution: 'refund', order_items: [{ substitution: 'call' }] });

      await page.goto('/my-account?section=orders');
      const card = page.getByRole('listitem', { name: `Order #${orders[0]!.id}` });
      await card.getByRole('button', { name: 'View Details' }).click();
      const note = card.locator('[data-substitution-note]');
      await expect(note).toContainText("If an item is out of stock: Don't replace (refund)");
      await expect(note.getByRole('list', { name: 'Items with their own choice' })).toContainText(`${name}: Call me`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/track-order?order=${orders[0]!.id}`);
      await expect(page.getByText('If an item is out of stock:')).toBeVisible();
      await expect(page.locator('[data-substitution-note]')).toContainText(`${name}: Call me`);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('buy again', () => {
  // Both widths sign in as the one demo customer and use her cart: one after the other.
  test.describe.configure({ mode: 'serial' });

  test('a new customer sees no Buy again section', async ({ page }) => {
    await page.goto('/about');
    await signUp(page);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/customer/buy-again'));
    await page.goto('/');
    expect((await (await answered).json()).data.products).toEqual([]);
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Buy again' })).toHaveCount(0);
  });

  test('a guest on the home page downloads no Buy again code; signing in there shows it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The banner carousel hydrates when idle too: by then a `client:idle` Buy again would have been fetched.
    await hydrated(page, 'BannerCarousel');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => path.includes('/BuyAgain.'))).toEqual([]);

    const dialog = await openAuthFromNavbar(page, 'Login');
    await loginInDialog(dialog, DEMO_PHONE);
    const section = page.getByRole('region', { name: 'Buy again' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('listitem').first()).toContainText('Ordered 3 times');
  });

  test("Buy again's hearts show the wishlist, and pressing one changes it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about');
    await signInAsDemoCustomer(page);
    const [first] = (await (await page.request.get('/api/customer/buy-again')).json()).data.products as {
      id: number;
      name: string;
    }[];
    const wishlisted = async () =>
      ((await (await page.request.get('/api/wishlists')).json()).data.wishlists as { id: number }[]).some(
        (p) => p.id === first!.id,
      );
    // In the wishlist before the page loads, whatever the demo shop holds.
    if (!(await wishlisted()))
      await page.request.put('/api/wishlists', { data: { productId: first!.id }, headers: originHeader(page) });

    await page.goto('/');
    const heart = page
      .getByRole('region', { name: 'Buy again' })
      .getByRole('button', { name: `Wishlist ${first!.name}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('Product removed from wishlist successfully')).toBeVisible();
    expect(await wishlisted()).toBe(false);
  });

  for (const viewport of VIEWPORTS) {
    test(`delivered products come back on home and My Account, added in one tap (${viewport.width}px)`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await page.goto('/about');
      await signInAsDemoCustomer(page);
      const expected = (await (await page.request.get('/api/customer/buy-again')).json()).data.products as {
        id: number;
        name: string;
      }[];
      expect(expected.length).toBeGreaterThan(0);

      await page.goto('/');
      const section = page.getByRole('region', { name: 'Buy again' });
      await expect(section).toBeVisible();
      await expect(section.getByRole('listitem')).toHaveCount(expected.length);
      await expect(section.getByRole('listitem').first()).toContainText(expected[0]!.name);
      await expect(section.getByRole('listitem').first()).toContainText('Ordered 3 times');
      expect(await seriousViolations(page)).toEqual([]);

      await section.getByRole('button', { name: `Add ${expected[0]!.name} to cart` }).click();
      await expect(page.getByText('Item added to cart')).toBeVisible();
      // The card's Add became its − qty + stepper, as on every product card.
      await expect(section.getByRole('button', { name: `Increase quantity of ${expected[0]!.name}` })).toBeVisible();
      await expect(section.getByRole('button', { name: `Add ${expected[0]!.name} to cart` })).toBeHidden();
      const cart = (await (await page.request.get('/api/customer/my-cart')).json()).data.my_cart as {
        product_id: number;
        qty: number;
      }[];
      expect(cart).toEqual([expect.objectContaining({ product_id: expected[0]!.id, qty: 1 })]);

      await page.goto('/my-account');
      const again = page.getByRole('region', { name: 'Buy again' });
      await expect(again).toBeVisible();
      await expect(again.getByRole('listitem').first()).toContainText(expected[0]!.name);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
