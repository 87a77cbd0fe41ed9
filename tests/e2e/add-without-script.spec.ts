/**
 * Add to Cart works before and without its island: the server-rendered buttons are
 * forms that post to /cart/add. With JavaScript off, a signed-in customer's Add on a listing and
 * on a product page adds the item and comes back with "Item added to cart"; a guest is sent to
 * sign in first, and the OTP login adds the waiting item.
 */
import { expect, type Page, test } from '@playwright/test';
import { createCustomer } from './session-helpers.ts';

test.use({ javaScriptEnabled: false });

async function cartLines(page: Page): Promise<{ product_id: number; qty: number }[]> {
  return (await (await page.request.get('/api/customer/my-cart')).json()).data.my_cart;
}

async function inStockOnHome(page: Page): Promise<{ id: number; name: string }> {
  const home = await (await page.request.get('/api/customer/home')).json();
  return (home.data.products as { id: number; name: string; stock: number }[]).find((p) => p.stock >= 5)!;
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('a signed-in customer adds from a card and from the product page without JavaScript', async ({ page }) => {
      await createCustomer(page.request);
      const product = await inStockOnHome(page);
      await page.goto('/');
      await page
        .getByRole('button', { name: `Add ${product.name} to cart` })
        .first()
        .click();
      await expect(page).toHaveURL(/\/\?cart=added$/);
      await expect(page.getByRole('status').filter({ hasText: 'Item added to cart' })).toBeVisible();
      expect(await cartLines(page)).toEqual([expect.objectContaining({ product_id: product.id, qty: 1 })]);

      await page.goto(`/product/${product.id}`);
      await page
        .getByRole('button', { name: /^Add to Cart - / })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?cart=added$`));
      await expect(page.getByRole('status').filter({ hasText: 'Item added to cart' })).toBeVisible();
      expect(await cartLines(page)).toEqual([expect.objectContaining({ product_id: product.id, qty: 2 })]);
    });

    test('a guest signs in first and then finds the item in the cart', async ({ page }) => {
      const product = await inStockOnHome(page);
      await page.goto(`/product/${product.id}`);
      await page
        .getByRole('button', { name: /^Add to Cart - / })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/product/${product.id}`)}$`));
      // The sign-in itself (OTP) is the same for everyone; the waiting item follows it.
      await createCustomer(page.request);
      expect(await cartLines(page)).toEqual([expect.objectContaining({ product_id: product.id, qty: 1 })]);
    });
  });
}
