/**
 * Unknown catalogue ids and listing pages past the last answer a real 404 with the text customers
 * see, not a soft 200; an address with malformed %-encoding is a 400 in the shop's layout (in the
 * back office's under /admin); an unknown back-office address is the back office's own 404.
 */
import { expect, test } from '@playwright/test';
import { STAFF, staffSignInByApi } from './back-office-helpers.ts';
import { originHeader } from './checkout-helpers.ts';

for (const path of ['/product/999999', '/product/abc']) {
  test(`${path} is a 404 with "No product details found."`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No product details found.');
  });
}

test('an unknown category in the subcategory browser is a 404 with "Category Not Found"', async ({ page }) => {
  const response = await page.goto('/category/999999/subcategories');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Category Not Found');
});

test('unknown categories and subcategories (or one of another category) of the other listing routes are 404s', async ({
  request,
}) => {
  for (const path of [
    '/categories/999999',
    '/categories/999999/all-products',
    '/categories/1/subcategory/999999',
    '/categories/2/subcategory/1',
    '/subcategory/999999',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('a page number past the last page of a listing or of search results is a 404 that links to page 1', async ({
  page,
}) => {
  for (const path of [
    '/categories/1/all-products?page=999',
    '/category/1/subcategories?page=999',
    '/subcategory/0?page=999',
    '/search?q=fruits&page=999',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText('No Products Found'), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to page 1' }), path).toBeVisible();
  }
  // Page 1 of the same listing is still a 200.
  expect((await page.goto('/categories/1/all-products'))?.status()).toBe(200);
});

for (const path of ['/product/%E0%A4', '/search?q=%E0%A4%A']) {
  test(`${path} (malformed %-encoding) is a 400 in the shop's layout with a way on`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This address is not valid');
    await expect(page.getByText('The address contains characters that are not allowed.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test("the 400 page's way to search is true on a 360 px phone, where search is an icon", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  expect((await page.goto('/product/%E0%A4'))?.status()).toBe(400);
  await expect(page.getByText('Search for a product at the top of the page', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search products' })).toBeVisible();
});

test("a back-office address with malformed %-encoding is a 400 in the back office's layout", async ({ page }) => {
  const response = await page.goto('/admin/%E0%A4');
  expect(response?.status()).toBe(400);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page).toHaveTitle(/back office/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This address is not valid');
  await expect(page.getByText('The address contains characters that are not allowed.', { exact: false })).toBeVisible();
  // Not the shop's customer page: no product search.
  await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search products' })).toHaveCount(0);

  await page.goto('/admin/login');
  await staffSignInByApi(page, STAFF.manager.mobile, originHeader(page));
  expect((await page.goto('/admin/orders/%FF'))?.status()).toBe(400);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the back office' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order board');
});

test("an unknown back-office address is a 404 in the back office's words, with the way back to it", async ({
  page,
}) => {
  const signedOut = await page.goto('/admin/nope');
  expect(signedOut?.status()).toBe(404);
  expect(signedOut?.headers()['cache-control']).toBe('no-store');
  await expect(page).toHaveTitle(/back office/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('There is no back-office page at this address.', { exact: false })).toBeVisible();
  // Not the shop's customer page: no product search, no categories.
  await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toHaveCount(0);

  await page.goto('/admin/login');
  await staffSignInByApi(page, STAFF.manager.mobile, originHeader(page));
  expect((await page.goto('/admin/orders/1/nope'))?.status()).toBe(404);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the back office' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order board');
});
