/**
 * Without JavaScript: every link and the product pages work, and no control sits
 * inert — script-only buttons and the search box are hidden and a note says what needs
 * JavaScript; what remains are links, forms that post (Add to Cart) and native dialogs.
 */
import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

for (const width of [375, 1280]) {
  test(`no inert control on the main pages (${width}px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      '/',
      '/shop',
      '/search?q=banana',
      '/category/1/subcategories',
      '/product/1',
      '/cart',
      '/about',
      '/categories',
      '/track-order',
      '/blog',
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBeLessThan(400);
      await expect(page.getByText('JavaScript is turned off.'), path).toBeVisible();
      const inert = await page.locator('button, [role="button"], input, select, textarea').evaluateAll((els) =>
        els
          .filter((e) => (e as HTMLElement).getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
          .filter(
            (e) =>
              (e as HTMLInputElement).type !== 'hidden' &&
              !(e as HTMLButtonElement).disabled &&
              !e.hasAttribute('commandfor'),
          )
          .filter((e) => !(e.closest('form') && ((e as HTMLButtonElement).type === 'submit' || e.tagName !== 'BUTTON')))
          .map((e) => `${e.tagName} ${e.getAttribute('aria-label') ?? (e.textContent ?? '').trim().slice(0, 40)}`),
      );
      expect(inert, path).toEqual([]);
    }
  });
}

test('a product page is whole without JavaScript: name, price, pictures and Add to Cart', async ({ page }) => {
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/₹\d/).first()).toBeVisible();
  await expect(page.getByRole('main').locator('img').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add to Cart - / }).first()).toBeVisible();
});
