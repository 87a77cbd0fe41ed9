/**
 * The wishlist page (/wishlist, docs/storefront-rules.md#wishlist-page): a customer saves two
 * products with the heart, opens the page from the account menu, sees both as cards with their
 * prices, adds one to the cart and removes the other (the page updates and says so), and sees
 * the empty state once the last one is gone. A product out of stock or no longer sold stays,
 * marked. It reads without JavaScript, sends a visitor to the login and back, is axe clean, and has
 * no horizontal scroll on narrow phones.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { STAFF, staffSignInByApi } from './back-office-helpers.ts';
import { authDialog, createCustomer, isMobile, loginInDialog, origin } from './session-helpers.ts';

interface HomeProduct {
  id: number;
  name: string;
  offer_price: number;
  stock: number;
}

const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);

/** Two products of the home page's grid that are in stock. */
async function twoProducts(request: APIRequestContext): Promise<[HomeProduct, HomeProduct]> {
  const home = await (await request.get('/api/customer/home')).json();
  const inStock = (home.data.products as HomeProduct[]).filter((p) => p.stock > 0);
  expect(inStock.length).toBeGreaterThanOrEqual(2);
  return [inStock[0]!, inStock[1]!];
}

async function saveThroughApi(request: APIRequestContext, productId: number): Promise<void> {
  const res = await request.put('/api/wishlists', { data: { productId }, headers: origin() });
  expect(res.status(), await res.text()).toBe(201);
}

async function cartProductIds(page: Page): Promise<number[]> {
  const res = await page.request.get('/api/customer/my-cart');
  return ((await res.json()).data.my_cart as { product_id: number }[]).map((l) => l.product_id);
}

/** No serious or critical axe findings in the page's main content. */
async function axeClean(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** Opens Wishlist from the navigation bar's account menu (desktop) or My Profile panel (phone). */
async function openWishlistFromAccountMenu(page: Page): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Main' });
  await bar.getByRole('button', { name: 'Account' }).click();
  const menu = isMobile(page) ? page.getByRole('region', { name: 'My Profile' }) : page.locator('#account-menu');
  await menu.getByRole('link', { name: 'Wishlist' }).click();
  await page.waitForURL((url) => url.pathname === '/wishlist');
}

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  test.describe(`wishlist page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('saved with the heart, listed, added to the cart, removed, then empty', async ({ page }) => {
      await createCustomer(page.request);
      const [first, second] = await twoProducts(page.request);

      await page.goto('/');
      for (const product of [first, second]) {
        await page
          .getByRole('main')
          .getByRole('button', { name: `Wishlist ${product.name}` })
          .first()
          .click();
        await expect(
          page.getByRole('status').filter({ hasText: 'Product added to wishlist successfully!' }).last(),
        ).toBeVisible();
        await expect(
          page
            .getByRole('main')
            .getByRole('button', { name: `Wishlist ${product.name}` })
            .first(),
        ).toHaveAttribute('aria-pressed', 'true');
      }

      await openWishlistFromAccountMenu(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
      await expect(main.getByText('2 saved products')).toBeVisible();
      const cardOf = (p: HomeProduct) => main.getByRole('article').filter({ hasText: p.name });
      for (const product of [first, second]) {
        await expect(cardOf(product)).toBeVisible();
        await expect(cardOf(product).getByText(rupees(product.offer_price), { exact: true })).toBeVisible();
        await expect(cardOf(product).getByRole('button', { name: `Wishlist ${product.name}` })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      }
      await axeClean(page);

      await cardOf(first)
        .getByRole('button', { name: `Add ${first.name} to cart` })
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'Item added to cart' })).toBeVisible();
      await expect(cardOf(first).getByRole('status', { name: `Quantity of ${first.name} in cart` })).toHaveText('1');
      await expect.poll(() => cartProductIds(page)).toEqual([first.id]);

      await cardOf(second)
        .getByRole('button', { name: `Remove ${second.name} from wishlist` })
        .click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Product removed from wishlist successfully' }),
      ).toBeVisible();
      await expect(cardOf(second)).toHaveCount(0);
      await expect(main.getByText('1 saved product', { exact: true })).toBeVisible();
      await expect(cardOf(first)).toBeVisible();

      await cardOf(first)
        .getByRole('button', { name: `Remove ${first.name} from wishlist` })
        .click();
      await expect(main.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
      await expect(main.getByText('Tap the heart on a product to save it here.')).toBeVisible();
      await expect(main.getByRole('article')).toHaveCount(0);
      await expect(main.getByRole('heading', { name: 'Your wishlist is empty' })).toBeFocused();
      await axeClean(page);

      // Still empty after a reload: the server's list, not only the page's.
      await page.reload();
      await expect(main.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
      // The item added from the wishlist stays in the cart.
      expect(await cartProductIds(page)).toEqual([first.id]);
    });
  });
}

test('My Account links to the wishlist', async ({ page }) => {
  await createCustomer(page.request);
  await page.goto('/my-account');
  await page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/shop');
});

test('the saved products read without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await createCustomer(context.request);
    const [first, second] = await twoProducts(context.request);
    await saveThroughApi(context.request, first.id);
    await saveThroughApi(context.request, second.id);

    const page = await context.newPage();
    await page.goto('/wishlist');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
    for (const product of [first, second]) {
      const card = main.getByRole('article').filter({ hasText: product.name });
      await expect(card.getByRole('link', { name: product.name })).toBeVisible();
      await expect(card.getByText(rupees(product.offer_price), { exact: true })).toBeVisible();
      // Add is a form that posts; Remove needs the script and is not offered.
      await expect(card.getByRole('button', { name: `Add ${product.name} to cart` })).toBeVisible();
      await expect(card.getByRole('button', { name: `Remove ${product.name} from wishlist` })).toBeHidden();
    }
    await expect(main.getByRole('heading', { name: 'Your wishlist is empty' })).toBeHidden();
  } finally {
    await context.close();
  }
});

test('a visitor goes to the login and comes back to the wishlist', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const phone = await createCustomer(api);
  const [product] = await twoProducts(api);
  await saveThroughApi(api, product.id);
  await api.dispose();

  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login\?next=%2Fwishlist$/);
  await loginInDialog(authDialog(page), phone);
  await page.waitForURL((url) => url.pathname === '/wishlist');
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: product.name })).toBeVisible();
});

test('no horizontal scroll at 320 and 360 px', async ({ page }) => {
  await createCustomer(page.request);
  const [first, second] = await twoProducts(page.request);
  await saveThroughApi(page.request, first.id);
  await saveThroughApi(page.request, second.id);
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto('/wishlist');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
  }
});

test('a product out of stock and one no longer sold stay on the list, marked', async ({ page, browser }) => {
  const managerPage = await browser.newPage();
  await staffSignInByApi(managerPage, STAFF.manager.mobile, origin());
  const manager = managerPage.request;
  // Two products from the back office's last page, away from the home grid other tests use.
  const first = (await (await manager.get('/api/admin/products')).json()).data;
  const lastPage = Math.max(1, Math.ceil(first.total / first.pageSize));
  const listed = (await (await manager.get(`/api/admin/products?page=${lastPage}`)).json()).data.products as {
    id: number;
    name: string;
    stock: number;
    isActive: boolean;
  }[];
  const [gone, soldOut] = listed.filter((p) => p.isActive && p.stock > 0).slice(-2);
  expect(gone && soldOut).toBeTruthy();
  const patch = (id: number, data: Record<string, unknown>) =>
    manager.fetch(`/api/admin/products/${id}`, { method: 'PATCH', data, headers: origin() });

  await createCustomer(page.request);
  await saveThroughApi(page.request, gone!.id);
  await saveThroughApi(page.request, soldOut!.id);
  try {
    expect((await patch(gone!.id, { is_active: false })).status()).toBe(200);
    expect((await patch(soldOut!.id, { stock: 0 })).status()).toBe(200);
    await page.goto('/wishlist');
    const main = page.getByRole('main');
    await expect(main.getByText('2 saved products')).toBeVisible();

    const goneCard = main.getByRole('article').filter({ hasText: gone!.name });
    await expect(goneCard.getByText('No longer available')).toBeVisible();
    await expect(goneCard.getByRole('link', { name: gone!.name })).toHaveCount(0);
    await expect(goneCard.getByRole('button', { name: `Add ${gone!.name} to cart` })).toHaveCount(0);

    const soldOutCard = main.getByRole('article').filter({ hasText: soldOut!.name });
    await expect(soldOutCard.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(soldOutCard.getByRole('button', { name: `${soldOut!.name} is out of stock` })).toBeDisabled();
    await axeClean(page);

    await goneCard.getByRole('button', { name: `Remove ${gone!.name} from wishlist` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Product removed from wishlist successfully' }),
    ).toBeVisible();
    await expect(goneCard).toHaveCount(0);
    await expect(main.getByText('1 saved product', { exact: true })).toBeVisible();
  } finally {
    expect((await patch(gone!.id, { is_active: true })).status()).toBe(200);
    expect((await patch(soldOut!.id, { stock: soldOut!.stock })).status()).toBe(200);
    await managerPage.close();
  }
});
