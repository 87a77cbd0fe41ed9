/**
 * Browsing end to end at a phone and a desktop width (docs/storefront-rules.md): home → category
 * → subcategory chip → sort → page 2 → product → related product, with the URL holding the
 * listing state; the subcategory modal, the product gallery and stepper, /product(s); and no
 * serious or critical axe violations on listing and product pages.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** Offer prices (rupees) of the product cards on the page, in order: each card's first ₹ amount. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('main article[data-product-id]').allTextContents();
  return texts.map((t) => Number(/₹\s?([\d,]+\.\d{2})/.exec(t)![1].replace(/,/g, '')));
}

async function cardIds(page: Page): Promise<string[]> {
  return page
    .locator('main article[data-product-id]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id') ?? ''));
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`browsing at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('home → category → subcategory → sort → page 2 → product → related product', async ({ page }) => {
      await page.goto('/');
      // The promo tile (the banner carousel has a link there too, in a slide that rotates away).
      await page.getByRole('link', { name: /^Shop Now\W+Fresh Fruits$/ }).click();
      await expect(page).toHaveURL(/\/category\/1\/subcategories$/);
      const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
      expect(title.length).toBeGreaterThan(0);

      const chips = page.getByRole('navigation', { name: 'Subcategories' }).getByRole('link');
      await expect(chips.first()).toHaveText('All');
      await expect(chips.first()).toHaveAttribute('aria-current', 'page');
      const allCount = Number((await page.getByText(/^\d+ Items?$/).textContent())!.split(' ')[0]);

      // A subcategory chip narrows the list and becomes the current one.
      const chip = chips.nth(1);
      const chipName = (await chip.textContent())!.trim();
      await chip.click();
      await expect(page).toHaveURL(/[?&]subcategory=\d+/);
      await expect(
        page.getByRole('navigation', { name: 'Subcategories' }).getByRole('link', { name: chipName }),
      ).toHaveAttribute('aria-current', 'page');
      const subCount = Number((await page.getByText(/^\d+ Items?$/).textContent())!.split(' ')[0]);
      expect(subCount).toBeGreaterThan(0);
      expect(subCount).toBeLessThan(allCount);

      // Sorting keeps the subcategory and orders the page by price.
      await page.getByLabel('Sort products').selectOption('asc');
      await expect(page).toHaveURL(/sort=asc/);
      await expect(page).toHaveURL(/[?&]subcategory=\d+/);
      expect(ascending(await cardPrices(page))).toBe(true);

      // Back to All keeps the sort; page 2 continues the ascending order with other products.
      await chips.first().click();
      await expect(page).toHaveURL(/\/category\/1\/subcategories\?sort=asc$/);
      await expect(page.getByText('Page 1 of', { exact: false })).toBeVisible();
      const page1Ids = await cardIds(page);
      const page1Prices = await cardPrices(page);
      expect(page1Ids).toHaveLength(10);
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await pagination.getByRole('link', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page).toHaveURL(/sort=asc/);
      await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
      const page2Ids = await cardIds(page);
      const page2Prices = await cardPrices(page);
      expect(page2Ids.length).toBeGreaterThan(0);
      expect(page2Ids.filter((id) => page1Ids.includes(id))).toEqual([]);
      expect(ascending([...page1Prices, ...page2Prices])).toBe(true);

      // A reload shows the same page.
      await page.reload();
      expect(await cardIds(page)).toEqual(page2Ids);
      await expect(page.getByLabel('Sort products')).toHaveValue('asc');

      // Open a product, then a related product.
      const firstCard = page.locator('main article[data-product-id]').first();
      const productName = (await firstCard.getByRole('link').textContent())!.trim();
      await firstCard.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/product/${page2Ids[0]}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
      await expect(
        page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: title }),
      ).toBeVisible();
      await expect(page.getByText(/^(\(Inclusive of [1-9]\d*(\.\d+)?% tax\)|Tax-free)$/)).toBeVisible();

      const related = page
        .getByRole('region', { name: 'Related Products' })
        .locator('article[data-product-id]')
        .first();
      const relatedId = await related.getAttribute('data-product-id');
      const relatedName = (await related.getByRole('link').textContent())!.trim();
      await related.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/product/${relatedId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(relatedName);
    });

    test('the subcategory modal lists All and each subcategory, and closes with Escape', async ({ page }) => {
      await page.goto('/category/1/subcategories');
      const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
      const opener = page.getByRole('button', { name: 'All subcategories' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: `${name} Subcategories` });
      await expect(dialog).toBeVisible();
      const chipCount = await page.getByRole('navigation', { name: 'Subcategories' }).getByRole('link').count();
      await expect(dialog.getByRole('link')).toHaveCount(chipCount);
      await expect(dialog.getByRole('link').first()).toHaveText('All');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await opener.click();
      await dialog.getByRole('link').nth(1).click();
      await expect(page).toHaveURL(/[?&]subcategory=\d+/);
    });

    test('product page: gallery, quantity stepper with total, guest add asks to log in', async ({ page }) => {
      await page.goto('/product/1');
      const gallery = page.getByRole('region', { name: /images$/ });
      const main = gallery.locator('img').first();
      await expect(main).toHaveAttribute('alt', /image 1 of \d+$/);
      await gallery.getByRole('button', { name: 'Next image' }).click();
      await expect(main).toHaveAttribute('alt', /image 2 of \d+$/);
      await gallery.getByRole('button', { name: 'Show image 1 of', exact: false }).click();
      await expect(main).toHaveAttribute('alt', /image 1 of \d+$/);
      await page.keyboard.press('ArrowRight');
      await expect(main).toHaveAttribute('alt', /image 2 of \d+$/);

      const addButton = page.getByRole('button', { name: /^Add to Cart - ₹/ });
      await expect(addButton).toHaveCount(1); // the bottom bar on phones, the inline button on desktops
      const single = Number(/₹([\d,]+\.\d{2})/.exec((await addButton.textContent())!)![1].replace(/,/g, ''));
      const minus = page.getByRole('button', { name: 'Decrease quantity' });
      await expect(minus).toBeDisabled();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(page.getByRole('status', { name: 'Quantity' })).toHaveText('2');
      await expect(minus).toBeEnabled();
      await expect(addButton).toHaveText(
        new RegExp(`Add to Cart - ₹${(single * 2).toLocaleString('en-IN', { minimumFractionDigits: 2 })}$`),
      );
      await expect(page.getByText('Farm Fresh Guarantee')).toBeVisible();
      await expect(page.getByText('Safe Delivery')).toBeVisible();

      // A guest is asked to log in, in place (the auth dialog), with the item remembered.
      await addButton.click();
      await expect(page.locator('#auth-dialog-root dialog').getByRole('tab', { name: 'Login' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pendingCartAdd') ?? '{}'))).toMatchObject({
        productId: 1,
        qty: 2,
      });
    });

    test('/product and /products open the product last viewed, else /shop', async ({ page }) => {
      await page.goto('/product');
      await expect(page).toHaveURL(/\/shop$/);
      await page.goto('/product/2');
      await page.goto('/products');
      await expect(page).toHaveURL(/\/product\/2$/);
    });

    for (const path of ['/category/1/subcategories?sort=desc&page=2', '/categories/1/all-products', '/product/1']) {
      test(`no serious accessibility violations on ${path}`, async ({ page }) => {
        test.slow();
        await page.goto(path);
        await expectNoSeriousAxeViolations(page);
      });
    }

    test('no serious accessibility violations with the subcategory modal open', async ({ page }) => {
      test.slow();
      await page.goto('/category/1/subcategories');
      await page.getByRole('button', { name: 'All subcategories' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}

test('other browsing routes: categories, a category, its subcategory, /subcategory and /shop', async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  const first = page.locator('main a[href^="/category/"]').first();
  await expect(first).toHaveAttribute('href', /^\/category\/\d+\/subcategories$/);

  await page.goto('/categories/1');
  const cards = page.locator('main ul a');
  await expect(cards.first()).toHaveText('All');
  await cards.nth(1).click();
  await expect(page).toHaveURL(/\/categories\/1\/subcategory\/\d+$/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await expect(crumbs).toHaveCount(3);
  await expect(crumbs.first()).toHaveText('Home');

  await page.goto('/categories/1/all-products');
  await expect(crumbs.last()).toHaveText('All');

  await page.goto('/subcategory/0');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');

  // A page past the last is a 404 (never cached as a page), still with the way back to page 1.
  const shop = await page.goto('/shop?page=999');
  expect(shop?.status()).toBe(404);
  expect(shop?.headers()['cache-control']).not.toBe('public, max-age=0, s-maxage=1');
  expect((await page.request.get('/shop?page=999')).status()).toBe(404);
  await expect(page.getByText('No Products Found')).toBeVisible();
  await page.getByRole('link', { name: 'Go to page 1' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.locator('main article[data-product-id]')).toHaveCount(10);
  expect((await page.request.get('/shop')).headers()['cache-control']).toBe('public, max-age=0, s-maxage=1');
});

test('without JavaScript the sort orders are plain links, so crawlers and old browsers can follow them', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/category/1/subcategories');
  const sortLinks = page.getByRole('navigation', { name: 'Sort order' });
  await expect(sortLinks.getByRole('link', { name: 'Price: High to Low' })).toHaveAttribute(
    'href',
    '/category/1/subcategories?sort=desc',
  );
  await sortLinks.getByRole('link', { name: 'Price: Low to High' }).click();
  await expect(page).toHaveURL(/\/category\/1\/subcategories\?sort=asc$/);
  await context.close();
});
