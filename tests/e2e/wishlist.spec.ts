/**
 * The wishlist heart (docs/storefront-rules.md#wishlist) on the product page
 * and on cards at a phone and a desktop width: it shows the real state (also on cards that have
 * not hydrated), toggles with its messages, and sends guests to the login dialog.
 */
import { expect, type Page, test } from '@playwright/test';
import { authDialog, createCustomer } from './session-helpers.ts';

async function wishlistIds(page: Page): Promise<number[]> {
  const res = await page.request.get('/api/wishlists');
  expect(res.status()).toBe(200);
  return ((await res.json()).data.wishlists as { id: number }[]).map((p) => p.id);
}

async function firstProduct(page: Page): Promise<{ id: number; name: string }> {
  const home = await (await page.request.get('/api/customer/home')).json();
  return home.data.products[0];
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('the heart toggles the wishlist and shows the real state on the page and the cards', async ({ page }) => {
      await createCustomer(page.request);
      const product = await firstProduct(page);

      // The heart is server HTML; the page's card script acts on the first click.
      await page.goto(`/product/${product.id}`);
      const heart = page
        .getByRole('main')
        .getByRole('button', { name: `Wishlist ${product.name}` })
        .first();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Product added to wishlist successfully!' }),
      ).toBeVisible();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      expect(await wishlistIds(page)).toEqual([product.id]);

      // Cards show it without being touched: the layout loads the wishlist for a signed-in customer.
      await page.goto('/');
      const card = page.locator(`article[data-product-id="${product.id}"]`).first();
      await expect(card.getByRole('button', { name: `Wishlist ${product.name}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await card.getByRole('button', { name: `Wishlist ${product.name}` }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Product removed from wishlist successfully' }),
      ).toBeVisible();
      await expect(card.getByRole('button', { name: `Wishlist ${product.name}` })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(await wishlistIds(page)).toEqual([]);
    });

    test('a guest pressing the heart gets the login dialog', async ({ page }) => {
      const product = await firstProduct(page);
      await page.goto(`/product/${product.id}`);
      await page
        .getByRole('main')
        .getByRole('button', { name: `Wishlist ${product.name}` })
        .first()
        .click();
      await expect(authDialog(page).getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    });
  });
}
