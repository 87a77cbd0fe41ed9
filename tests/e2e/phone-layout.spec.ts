/**
 * Layout details a customer trips on: cart lines show the pack size so
 * variants differ; the product page's bottom bar never covers the footer and keeps its label on
 * one line at ₹1,000 and above; subcategory chips are all visible at 1280 px; a tax-free item says
 * "Tax-free"; no two products in a row wear the same artwork unless it is the neutral placeholder.
 */
import { expect, type Page, test } from '@playwright/test';
import { createCustomer, origin } from './session-helpers.ts';

type Product = {
  id: number;
  name: string;
  offer_price: number;
  stock: number;
  weight: number | null;
  unit: string | null;
};

async function allProducts(page: Page): Promise<Product[]> {
  const pages = await Promise.all(
    [1, 2].map(
      async (n) =>
        (await (await page.request.get(`/api/customer/products/0?pageSize=100&page=${n}`)).json()).data
          .products as Product[],
    ),
  );
  return pages.flat();
}

test.describe('375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('cart lines show the pack size beside the name', async ({ page }) => {
    await createCustomer(page.request);
    const product = (await allProducts(page)).find((p) => p.stock > 2 && p.weight !== null)!;
    await page.request.post('/api/customer/add-product', {
      data: { product_id: product.id, qty: 1 },
      headers: origin(),
    });
    await page.goto('/cart');
    const row = page.getByRole('row').filter({ hasText: product.name });
    await expect(row.locator('[data-pack-size]')).toHaveText(new RegExp(`^${product.weight}\\s*${product.unit ?? ''}`));
  });

  test('the bottom bar of a ₹1,000+ product keeps one line and leaves the footer readable', async ({ page }) => {
    const dear = (await allProducts(page)).find((p) => p.offer_price >= 1000 && p.stock > 0)!;
    await page.goto(`/product/${dear.id}`);
    const bar = page.locator('[data-bottom-bar]');
    const button = bar.getByRole('button', { name: /^Add to Cart - ₹1,/ });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(48);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLink = page.getByRole('contentinfo').getByRole('link').last();
    const linkBox = (await lastLink.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(barBox.y);
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('every subcategory chip is visible, whole', async ({ page }) => {
    await page.goto('/category/1/subcategories');
    const chips = page.getByRole('navigation', { name: 'Subcategories' }).getByRole('link');
    const count = await chips.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const b = (await chips.nth(i).boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(1280);
    }
  });

  test('a tax-free product says "Tax-free", not "(Inclusive of 0% tax)"', async ({ page }) => {
    await page.goto('/product/1');
    await expect(page.getByText('Tax-free', { exact: true })).toBeVisible();
    await expect(page.getByText('(Inclusive of 0% tax)')).toHaveCount(0);
  });

  test('artwork shows the product itself, or the neutral placeholder when no picture fits', async ({ page }) => {
    const products = (await allProducts(page)) as (Product & { product_image: string })[];
    const art = (name: string) => products.find((p) => p.name === name)!.product_image;
    // Pomegranate once wore the apple, sapota the kiwi, papaya and jackfruit the melon.
    expect(art('Pomegranate (Bhagwa)')).not.toBe(art('Shimla Apple'));
    expect(art('Sapota (Chikoo)')).not.toBe(art('Kiwi'));
    for (const name of ['Pomegranate (Bhagwa)', 'Sapota (Chikoo)', 'Papaya (Red Lady)', 'Jackfruit (Varikka)'])
      expect(art(name), name).toMatch(/placeholder\.svg$/);
    await page.goto(`/product/${products.find((p) => p.name === 'Sapota (Chikoo)')!.id}`);
    await expect(page.getByRole('main').locator('img').first()).toHaveAttribute('src', /placeholder\.svg$/);
  });
});
