/**
 * The navigation bar's search (docs/storefront-rules.md#search): typing, keyboard,
 * messages, Escape and outside click, and the mobile full-screen search with scrolling locked;
 * Enter and "See all results" open the results page (the page itself: search-page.spec.ts).
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

type Found = { id: number; name: string };

/** How long the search box waits after the last key before it asks the server, in ms. */
const DEBOUNCE_MS = 200;

/** The search island hydrates on first interest (client:interact): point at it, then wait. */
async function hydrated(page: Page) {
  for (const island of await page.locator('astro-island[component-url*="SearchBox"]').all())
    await island.dispatchEvent('pointerenter');
  await page.locator('astro-island[component-url*="SearchBox"]:not([ssr])').first().waitFor({ state: 'attached' });
}

/** What the server finds for `text`, in its order. */
async function serverResults(page: Page, text: string): Promise<Found[]> {
  const response = await page.request.get(`/api/customer/search-products?product=${encodeURIComponent(text)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data.products;
}

test.describe('desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test.beforeEach(async ({ page }) => {
    await page.goto('/shop');
    await hydrated(page);
  });

  test('the open dropdown passes axe, scrolling included', async ({ page }) => {
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('a');
    await expect(page.getByRole('listbox', { name: 'Products' }).getByRole('option').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('typing shows the results; choosing one opens its product page', async ({ page }) => {
    const expected = await serverResults(page, 'mango');
    expect(expected.length).toBeGreaterThan(1);
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('mango');
    const list = page.getByRole('listbox', { name: 'Products' });
    await expect(list.getByRole('option')).toHaveCount(expected.length);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('option').first()).toContainText(expected[0].name);
    await expect(list.getByRole('option').first()).toContainText('₹');

    const max = await list.evaluate((el) => getComputedStyle(el.parentElement!).maxHeight);
    expect(max).toBe('350px');

    await list.getByRole('option').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/product/${expected[1].id}$`));
  });

  test('search starts at one character and waits for typing to pause', async ({ page }) => {
    const requests: string[] = [];
    page.on(
      'request',
      (r) =>
        r.url().includes('/api/customer/search-products') &&
        requests.push(new URL(r.url()).searchParams.get('product') ?? ''),
    );
    // The page's clock stands still while the five keys are typed, so the pause between keys is
    // the page's own, however slowly this machine types; then it runs on by the debounce delay.
    await page.clock.install();
    await page.goto('/shop');
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 1_000);
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.pressSequentially('mango', { delay: 40 });
    await page.clock.runFor(DEBOUNCE_MS - 50);
    expect(requests).toEqual([]);
    await page.clock.runFor(50);
    await expect(page.getByRole('listbox', { name: 'Products' }).getByRole('option').first()).toBeVisible();
    expect(requests).toEqual(['mango']);

    await page.clock.resume();
    await box.fill('m');
    await expect.poll(() => requests.at(-1)).toBe('m');
  });

  test('arrow keys move the active option and Enter opens it', async ({ page }) => {
    const expected = await serverResults(page, 'banana');
    expect(expected.length).toBeGreaterThan(2);
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('banana');
    const options = page.getByRole('listbox', { name: 'Products' }).getByRole('option');
    await expect(options).toHaveCount(expected.length);

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await box.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'false');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/${expected[1].id}$`));
  });

  test('Enter with no active option opens the results page', async ({ page }) => {
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('thakkali');
    await expect(page.getByRole('listbox', { name: 'Products' }).getByRole('option').first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=thakkali$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Showing results for “thakkali”' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Tomato', exact: true })).toBeVisible();
  });

  test('the dropdown links to all results', async ({ page }) => {
    await page.getByRole('combobox', { name: 'Search products' }).fill('mango');
    await page.getByRole('link', { name: 'See all results for "mango"' }).click();
    await expect(page).toHaveURL(/\/search\?q=mango$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Showing results for “mango”' })).toBeVisible();
  });

  test('a search with no match says so', async ({ page }) => {
    await page.getByRole('combobox', { name: 'Search products' }).fill('qqxzqqxz');
    await expect(page.getByText('No products found for "qqxzqqxz".')).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Products' }).getByRole('option')).toHaveCount(0);
  });

  test('a word the shop knows but does not stock names it and offers its category', async ({ page }) => {
    await page.goto('/search?q=bhindi');
    await expect(page.getByRole('heading', { level: 1, name: "We don't stock okra (bhindi) yet." })).toBeVisible();
    await expect(page.getByText('Showing results for')).toHaveCount(0);
    await expect(page.getByText('Did you mean one of these?')).toHaveCount(0);
    await page.getByRole('link', { name: 'Browse Fresh Vegetables' }).click();
    await expect(page).toHaveURL(/\/category\/\d+\/subcategories$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fresh Vegetables' })).toBeVisible();
  });

  test('Escape and an outside click close the dropdown', async ({ page }) => {
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('mango');
    const list = page.getByRole('listbox', { name: 'Products' });
    await expect(list.getByRole('option').first()).toBeVisible();
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('mango');

    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toBeVisible();
    await page.mouse.click(1275, 300); // the page margin, outside any control
    await expect(list).toBeHidden();
  });

  test('a failed search shows the error message', async ({ page }) => {
    await page.route('**/api/customer/search-products**', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Something went wrong. Please try again.' } }),
    );
    await page.getByRole('combobox', { name: 'Search products' }).fill('mango');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to fetch products. Please try again.' }),
    ).toBeVisible();
  });

  test('a result without an id cannot be opened and says why', async ({ page }) => {
    await page.route('**/api/customer/search-products**', (route) =>
      route.fulfill({
        json: { success: true, data: { products: [{ product_name: 'Mystery Mango', offer_price: 10 }] } },
      }),
    );
    await page.getByRole('combobox', { name: 'Search products' }).fill('myst');
    await page.getByRole('option', { name: /Mystery Mango/ }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Unable to navigate: Product ID not found.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/shop$/);
  });
});

test.describe('mobile (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the search icon opens a full-screen search with the page scroll locked', async ({ page }) => {
    const [first] = await serverResults(page, 'mango');
    await page.goto('/shop');
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: 'Search products' })).toBeHidden();

    await page.getByRole('button', { name: 'Search products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search products' });
    await expect(dialog).toBeVisible();
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });
    const box = dialog.getByRole('combobox', { name: 'Search products' });
    await expect(box).toBeFocused();

    await page.mouse.wheel(0, 800);
    // Two animation frames: a scroll the wheel caused would have happened by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await dialog.getByRole('button', { name: 'Close search' }).click();
    await expect(dialog).toBeHidden();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Search products' }).click();
    await box.fill('mango');
    await expect(dialog.getByRole('option').first()).toContainText(first.name);
    await dialog.getByRole('option').first().click();
    await expect(page).toHaveURL(new RegExp(`/product/${first.id}$`));
  });

  test('a very long text is cut at 100 characters and its messages wrap in the full-screen search', async ({
    page,
  }) => {
    await page.goto('/shop');
    await hydrated(page);
    await page.getByRole('button', { name: 'Search products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search products' });
    const box = dialog.getByRole('combobox', { name: 'Search products' });
    await box.fill('x'.repeat(300));
    const cut = 'x'.repeat(100);
    await expect(box).toHaveValue(cut);
    await expect(dialog.getByText(`No products found for "${cut}".`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: `See all results for "${cut}"` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const link = await dialog.getByRole('link', { name: `See all results for "${cut}"` }).boundingBox();
    expect(link!.x + link!.width).toBeLessThanOrEqual(375);
  });

  test('Enter in the full-screen search opens the results page', async ({ page }) => {
    await page.goto('/shop');
    await hydrated(page);
    await page.getByRole('button', { name: 'Search products' }).click();
    const box = page
      .getByRole('dialog', { name: 'Search products' })
      .getByRole('combobox', { name: 'Search products' });
    await box.fill('veluthulli');
    await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=veluthulli$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Garlic', exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Search products' })).toBeHidden();
  });

  test('Escape closes the full-screen search', async ({ page }) => {
    await page.goto('/shop');
    await hydrated(page);
    const opener = page.getByRole('button', { name: 'Search products' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Search products' });
    await dialog.getByRole('combobox').fill('man');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
