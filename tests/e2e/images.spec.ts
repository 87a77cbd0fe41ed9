import { expect, test } from '@playwright/test';

test('a product image that fails to load is replaced by the placeholder', async ({ page }) => {
  await page.route('**/media/**', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto('/shop');
  const firstCardImage = page.getByRole('article').first().locator('img').first();
  await expect(firstCardImage).toHaveAttribute('src', '/images/placeholder.svg');
  await expect
    .poll(() => firstCardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});
