/**
 * Unit sale prices beside the price: per kg for a
 * 500 g pack on its card, its product page, the search dropdown and the cart; none for a pack of
 * exactly 1 kg (it would repeat the price). At a phone and a desktop width.
 */
import { expect, type Page, test } from '@playwright/test';
import { createCustomer, origin } from './session-helpers.ts';

type Product = {
  id: number;
  name: string;
  offer_price: number;
  weight: number | null;
  weightUnit: string | null;
  stock: number;
};

async function products(page: Page): Promise<Product[]> {
  const pages = await Promise.all(
    [1, 2].map(
      async (n) =>
        (await (await page.request.get(`/api/customer/products/0?pageSize=100&page=${n}`)).json()).data
          .products as Product[],
    ),
  );
  return pages.flat();
}

const perKg = (p: Product) =>
  `₹${((p.offer_price * 1000) / p.weight!).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}/kg`;

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`a 500 g pack shows its price per kg on the card, the product page and in the cart (${viewport.width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await createCustomer(page.request);
    const all = await products(page);
    // Two bananas of the demo shop, both on the first page of Fresh Fruits.
    const half = all.find((p) => p.name === 'Njalipoovan Banana')!;
    const kilo = all.find((p) => p.name === 'Nendran Banana')!;
    expect([half.weight, half.weightUnit, kilo.weight, kilo.weightUnit]).toEqual([500, 'g', 1, 'kg']);

    await page.goto(`/product/${half.id}`);
    await expect(page.locator('[data-unit-price="product"]')).toHaveText(perKg(half));

    // A 1 kg pack shows none; its related cards show theirs.
    await page.goto(`/product/${kilo.id}`);
    await expect(page.locator('[data-unit-price="product"]')).toHaveCount(0);
    await page.goto('/category/1/subcategories');
    await expect(page.getByRole('article').filter({ hasText: half.name }).locator('[data-unit-price]')).toHaveText(
      perKg(half),
    );
    await expect(
      page.getByRole('article').filter({ hasText: kilo.name }).first().locator('[data-unit-price]'),
    ).toHaveCount(0);

    await page.request.post('/api/customer/add-product', { data: { product_id: half.id, qty: 1 }, headers: origin() });
    await page.goto('/cart');
    await expect(
      page.getByRole('row').filter({ hasText: half.name }).locator('[data-unit-price]').filter({ visible: true }),
    ).toContainText(perKg(half));
  });
}
