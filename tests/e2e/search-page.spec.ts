/**
 * The search results page /search: words in Hindi and Malayalam, typo corrections,
 * category and brand filters, price sorts and paging, suggestions when nothing matches, the
 * plain GET form without JavaScript, noindex, the home page's SearchAction, axe at 375 and
 * 1280 px, and a very long text cut and wrapped on a phone.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const seriousViolations = async (page: import('@playwright/test').Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id);

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('shows ranked results with the listing cards and passes axe', async ({ page }) => {
      await page.goto('/search?q=aloo');
      await expect(page.getByRole('heading', { level: 1, name: 'Showing results for “aloo”' })).toBeVisible();
      const products = page.getByRole('region', { name: 'Products' });
      await expect(products.getByRole('heading', { level: 2 }).first()).toHaveText('Potato');
      await expect(products.getByRole('button', { name: /^Add/ }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('filters by category and brand, sorts by price and pages', async ({ page }) => {
      await page.goto('/search?q=fruits');
      await expect(page.getByText(/^\d+ Items$/)).toBeVisible();
      if (width < 1024) await page.getByText('Filters', { exact: true }).click();
      const filters =
        width < 1024 ? page.locator('details') : page.getByRole('complementary', { name: 'Filter results' });
      await filters.getByRole('link', { name: /^Fresh Fruits \d+$/ }).click();
      await expect(page).toHaveURL(/category=\d+/);
      const count = Number((await page.getByText(/^\d+ Items$/).textContent())!.split(' ')[0]);
      expect(count).toBeGreaterThan(20);
      await expect(page.getByText('Page 1 of 2')).toBeVisible();

      await page.getByLabel('Sort products').selectOption('asc');
      await expect(page).toHaveURL(/sort=asc/);
      await expect(page).toHaveURL(/q=fruits/);
      await expect(page).toHaveURL(/category=\d+/);
      const prices = async () =>
        (await page.getByRole('region', { name: 'Products' }).locator('article').allTextContents()).map((t) =>
          Number(/₹([\d,]+\.\d\d)/.exec(t)![1]!.replace(/,/g, '')),
        );
      const first = await prices();
      expect(first).toEqual([...first].sort((a, b) => a - b));

      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
      await expect(page.getByText('Page 2 of 2')).toBeVisible();
      await expect(page).toHaveURL(/sort=asc/);
      const second = await prices();
      expect(Math.min(...second)).toBeGreaterThanOrEqual(Math.max(...first));

      // On phones the filters stay open once one is applied.
      await expect(filters.getByRole('link', { name: /^Vazhakulam Growers \d+$/ })).toBeVisible();
      await filters.getByRole('link', { name: /^Vazhakulam Growers \d+$/ }).click();
      await expect(page.getByText(/^1 Item$/)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Vazhakulam Pineapple' })).toBeVisible();
    });

    test('corrects a typo and suggests the nearest words when nothing matches', async ({ page }) => {
      await page.goto('/search?q=tomoto');
      await expect(page.getByRole('heading', { level: 1, name: 'Showing results for “tomato”' })).toBeVisible();
      await expect(page.getByText('Nothing is spelt “tomoto” in the shop')).toBeVisible();

      await page.goto('/search?q=jakfroot');
      // Nothing found is the heading: no "Showing results for" above no results.
      await expect(page.getByRole('heading', { level: 1, name: 'No products found for "jakfroot".' })).toBeVisible();
      await expect(page.getByText('Showing results for')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('list', { name: 'Suggested searches' }).getByRole('link', { name: 'jackfruit' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Showing results for “jackfruit”' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Jackfruit (Varikka)' })).toBeVisible();
    });
  });
}

test.describe('a very long search text at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('is cut at 100 characters as the API cuts it, says so with "…", and wraps instead of scrolling sideways', async ({
    page,
  }) => {
    await page.goto(`/search?q=${'x'.repeat(300)}`);
    const cut = 'x'.repeat(100);
    await expect(page.getByText(`No products found for "${cut}…".`)).toBeVisible();
    await expect(page.getByText('x'.repeat(101))).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue(cut);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(`/search?q=${cut}`);
    await expect(page.getByText(`No products found for "${cut}".`)).toBeVisible();
  });
});

test('the page is never indexed and home declares the site search', async ({ page }) => {
  await page.goto('/search?q=banana');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const website = blocks.map((b) => JSON.parse(b)).find((j) => j['@type'] === 'WebSite');
  expect(website.potentialAction).toMatchObject({
    '@type': 'SearchAction',
    target: { urlTemplate: expect.stringMatching(/\/search\?q=\{search_term_string\}$/) },
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the navigation bar search is a plain GET form (1280 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop');
    const form = page.getByRole('search', { name: 'Products' });
    await form.getByRole('combobox', { name: 'Search products' }).fill('pyaz');
    await form.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=pyaz$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Onion', exact: true })).toBeVisible();
  });

  test('phones reach the results page form from the search icon (375 px)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/shop');
    await page.getByRole('link', { name: 'Search products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search products' })).toBeVisible();
    const form = page.getByRole('search', { name: 'Search the shop' });
    await form.getByRole('searchbox', { name: 'Search products' }).fill('kappa');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Tapioca (Kappa)' })).toBeVisible();
    await page.getByText(/^Filters/).click();
    await page
      .locator('details')
      .getByRole('link', { name: /^Fresh Vegetables \d+$/ })
      .click();
    await expect(page).toHaveURL(/category=\d+/);
  });
});
