/**
 * The back office's product search lives in the page's address: a search and a page of results
 * put `?q=` and `page=` in it, Back and Forward go between searches, a reload or an address
 * typed in shows that search, and without JavaScript the search form still searches (a GET form
 * to the page, which the server renders with its results).
 */
import { expect, type Page, test } from '@playwright/test';
import { STAFF, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, origin } from './session-helpers.ts';

async function signInManager(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await staffSignInByApi(page, STAFF.manager.mobile, origin());
}

/** The listing's count line for a search: "7 products match "mango"" (other tests add products). */
const matching = (q: string) => new RegExp(`^\\d+ products? match(es)? "${q}"`);

/** The line above the listing that counts what it shows (announced). */
const countLine = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('status').first();

test('a search and a page of results are in the address; Back, Forward and a reload show them again', async ({
  page,
}) => {
  await signInManager(page);
  await page.goto('/admin/products');
  await hydrated(page, 'AdminProducts');
  const form = page.getByRole('form', { name: 'Find products' });
  const box = form.getByRole('searchbox', { name: 'Search products' });
  const count = countLine(page);
  const search = async (q: string) => {
    await box.fill(q);
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(count).toHaveText(matching(q));
  };

  await search('tomato');
  await expect(page).toHaveURL(/\/admin\/products\?q=tomato$/);
  await expect(page).toHaveTitle(/^Products matching “tomato” \|/);
  await search('mango');
  await expect(page).toHaveURL(/\/admin\/products\?q=mango$/);
  await expect(page.getByRole('link', { name: 'Alphonso Mango (Ratnagiri)' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\?q=tomato$/);
  await expect(box).toHaveValue('tomato');
  await expect(count).toHaveText(matching('tomato'));
  await page.goForward();
  await expect(box).toHaveValue('mango');
  await expect(count).toHaveText(matching('mango'));

  // A reload shows the search in the address, rendered by the server.
  await page.reload();
  await expect(box).toHaveValue('mango');
  await expect(count).toHaveText(matching('mango'));

  // The next page of every product is in the address too, and Back returns to the first.
  await page.goto('/admin/products');
  await hydrated(page, 'AdminProducts');
  await expect(count).toHaveText(/products, showing 1–50$/);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/admin\/products\?page=2$/);
  await expect(count).toHaveText(/products, showing 51–100$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(count).toHaveText(/products, showing 1–50$/);
});

test('an address with a search, a filter and a page opens on that listing', async ({ page }) => {
  await signInManager(page);
  await page.goto('/admin/products?filter=low_stock&stock_at_most=100000&page=2');
  await hydrated(page, 'AdminProducts');
  const form = page.getByRole('form', { name: 'Find products' });
  await expect(form.getByRole('combobox', { name: 'Show' })).toHaveValue('low_stock');
  await expect(form.getByRole('textbox', { name: 'Units' })).toHaveValue('100000');
  await expect(countLine(page)).toHaveText(/products, showing 51–100$/);

  await page.goto('/admin/products?q=mango');
  await expect(form.getByRole('searchbox', { name: 'Search products' })).toHaveValue('mango');
  await expect(countLine(page)).toHaveText(matching('mango'));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search form searches, and the results are on the page', async ({ page }) => {
    await signInManager(page);
    await page.goto('/admin/products');
    const form = page.getByRole('form', { name: 'Find products' });
    await form.getByRole('searchbox', { name: 'Search products' }).fill('mango');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/products\?q=mango(&|$)/);
    await expect(countLine(page)).toHaveText(matching('mango'));
    await expect(page.getByRole('link', { name: 'Alphonso Mango (Ratnagiri)' })).toBeVisible();
  });
});
