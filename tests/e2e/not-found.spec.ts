/**
 * Unknown catalogue ids answer a real 404 with the text customers see, not a soft 200.
 */
import { expect, test } from '@playwright/test';

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
