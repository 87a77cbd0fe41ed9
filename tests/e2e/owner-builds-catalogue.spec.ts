/**
 * An owner builds a piece of the catalogue from the back office, at a desktop's and a phone's
 * width: a category with a subcategory, then a product in it with two photos uploaded from files
 * (JPEGs made with sharp for the test). An anonymous visitor (a fresh browser context, no cookies)
 * then sees, within a few seconds, the product's page with both photos served from /media with
 * their widths (srcset), its category in the page's breadcrumb and the category's and
 * subcategory's listings. The categories screen and the new-product form pass axe and fit the
 * screen (screenshots in test-results). The category is deactivated at the end from its screen,
 * which first asks to hide it with its one product; that takes the category and the product off
 * the shop the other specs share, and the product's form then marks the category "(hidden)". A
 * packer can neither add nor edit products: no link, 403 on the pages and from the API.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, originHeader } from './checkout-helpers.ts';

/** Signs a staff member in through the API; the staff cookies land in the page's context. */
async function signInStaff(page: Page, mobile: string): Promise<void> {
  await page.goto('/admin/login');
  await staffSignInByApi(page, mobile, originHeader(page));
}

/** A photo-like JPEG (a disc on white) of `width` × `height` in `colour`, in the test's output folder. */
async function photoFile(name: string, colour: string, width: number, height: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><circle cx="50%" cy="50%" r="30%" fill="${colour}"/></svg>`;
  const file = test.info().outputPath(name);
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/** Nothing wider than the screen; a full-page screenshot; no serious axe finding. */
async function checkScreen(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, name).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  expect(await seriousViolations(page), name).toEqual([]);
}

/** A photo's URL as the shop serves it: content-hashed WebP under /media/photos/. */
const PHOTO = /^\/media\/photos\/[0-9a-f]{32}-\d+x\d+\.webp$/;

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`an owner adds a category and a product with two photos; a visitor sees them (${viewport.width}px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInStaff(page, STAFF.owner.mobile);
    const tag = `${viewport.width}-${Math.random().toString(36).slice(2, 6)}`;
    const category = `Jackfruit ${tag}`;
    const subcategory = 'Varikka';
    const name = `Varikka Jackfruit Bulbs ${tag}`;

    // The category and its subcategory.
    await page.goto('/admin/categories');
    await hydrated(page, 'AdminCategories');
    const addCategory = page.getByRole('form', { name: 'New category' });
    await addCategory.getByLabel('Name').fill(category);
    await addCategory.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByRole('status').first()).toHaveText(`Category ${category} added.`);
    const categories = (await (await page.request.get('/api/admin/categories')).json()).data.categories as {
      id: number;
      name: string;
    }[];
    const categoryId = categories.find((c) => c.name === category)!.id;
    let deactivated = false;
    /** Takes the category, and with it the product, off the shop the other specs share. */
    const deactivate = async () => {
      const off = await page.request.patch(`/api/admin/categories/${categoryId}`, {
        data: { is_active: false },
        headers: originHeader(page),
      });
      expect(off.status(), await off.text()).toBe(200);
      deactivated = true;
    };
    try {
      await page.getByText(`Add a subcategory to ${category}`).click();
      const addSub = page.getByRole('form', { name: `New subcategory of ${category}` });
      await addSub.getByLabel('Name').fill(subcategory);
      await addSub.getByRole('button', { name: 'Add subcategory' }).click();
      await expect(page.getByRole('status').first()).toHaveText(`Subcategory ${subcategory} added to ${category}.`);
      await checkScreen(page, `categories-${viewport.width}`);

      // The product in it, from the list's Add product, with two photos.
      await page.goto('/admin/products');
      await page.getByRole('link', { name: 'Add product' }).click();
      await expect(page).toHaveURL(/\/admin\/products\/new$/);
      await hydrated(page, 'AdminProductForm');
      const form = page.getByRole('form', { name: 'New product' });
      await form.getByRole('textbox', { name: 'SKU (required)' }).fill(`E2E-JACK-${tag.toUpperCase()}`);
      await form.getByRole('textbox', { name: 'Name (required)' }).fill(name);
      await form.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: category });
      await expect(form.getByRole('combobox', { name: 'Subcategory' })).toHaveValue(/\d+/);
      await form.getByRole('combobox', { name: 'Subcategory' }).selectOption({ label: subcategory });
      await form.getByRole('textbox', { name: 'Pack size' }).fill('250');
      await form.getByRole('combobox', { name: 'Unit' }).selectOption('g');
      await form.getByRole('textbox', { name: 'MRP (₹, required)' }).fill('120');
      await form.getByRole('textbox', { name: 'Price (₹, required)' }).fill('99');
      await form.getByRole('textbox', { name: 'Stock (units)' }).fill('25');
      // Jackfruit bulbs weighed out at packing: loose produce, no packaged declarations.
      await form.getByRole('checkbox', { name: 'Sold loose (weighed at packing)' }).check();
      const photos = form.getByRole('group', { name: 'Photos' });
      await photos
        .getByLabel('Add photos')
        .setInputFiles([
          await photoFile(`jack-${viewport.width}.jpg`, '#d4a017', 1600, 1200),
          await photoFile(`bulbs-${viewport.width}.jpg`, '#7cb342', 900, 900),
        ]);
      await expect(photos.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 20_000 });
      await checkScreen(page, `new-product-${viewport.width}`);
      await form.getByRole('button', { name: 'Add product' }).click();
      await expect(page).toHaveURL(/\/admin\/products\/\d+(\?added=1)?$/);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const subcategoryId = Number(await page.getByRole('combobox', { name: 'Subcategory' }).inputValue());

      // An anonymous visitor: the product's page with both photos, within a few seconds.
      const visitor = await browser.newContext({ viewport });
      try {
        const shop = await visitor.newPage();
        await expect(async () => {
          expect((await shop.goto(`/product/${id}`))?.status()).toBe(200);
          await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 500 });
        }).toPass({ timeout: 5_000 });
        const cover = shop.getByRole('img', { name: `${name}, image 1 of 2` });
        expect(await cover.getAttribute('src')).toMatch(PHOTO);
        await expect(cover).toHaveAttribute('srcset', /\/media\/photos\/[0-9a-f]{32}-320\.webp 320w, /);
        await expect(cover).toHaveJSProperty('complete', true);
        expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        const thumbs = shop.getByRole('list', { name: 'Thumbnails' }).locator('img');
        await expect(thumbs).toHaveCount(2);
        const second = await thumbs.nth(1).getAttribute('src');
        expect(second).toMatch(PHOTO);
        expect(second).not.toBe(await cover.getAttribute('src'));
        await expect(thumbs.nth(1)).toHaveAttribute('srcset', /320w/);
        await shop.screenshot({ path: test.info().outputPath(`product-${viewport.width}.png`) });

        // Its category in the breadcrumb, and the category's and subcategory's listings.
        const crumb = shop.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: category });
        await expect(crumb).toHaveAttribute('href', `/category/${categoryId}/subcategories`);
        await crumb.click();
        await expect(shop.getByRole('heading', { name: category }).first()).toBeVisible();
        await expect(shop.getByText(subcategory).first()).toBeVisible();
        await shop.goto(`/subcategory/${subcategoryId}`);
        await expect(shop.getByText(name).first()).toBeVisible();
      } finally {
        await visitor.close();
      }

      // Deactivated from the categories screen, which asks first and names what goes with it; the
      // category then stays on the product's form, marked as hidden from the shop.
      await page.goto('/admin/categories');
      await hydrated(page, 'AdminCategories');
      await page.getByRole('button', { name: `Deactivate ${category}` }).click();
      const ask = page.getByRole('alertdialog', { name: `Hide ${category} and its 1 product from the shop?` });
      await ask.getByRole('button', { name: 'Hide', exact: true }).click();
      await expect(page.getByRole('status').first()).toHaveText(
        `${category} and its products are hidden from the storefront.`,
      );
      deactivated = true;
      await page.goto(`/admin/products/${id}`);
      await hydrated(page, 'AdminProductForm');
      await expect(page.getByRole('combobox', { name: 'Category', exact: true }).locator('option:checked')).toHaveText(
        `${category} (hidden)`,
      );
    } finally {
      if (!deactivated) await deactivate();
    }
  });
}

test('a packer has no Products link, cannot open the add or edit pages, and gets 403 from the API', async ({
  page,
}) => {
  await signInStaff(page, STAFF.packer.mobile);
  const opened = await page.goto('/admin/products/new');
  expect(opened?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Products' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);
  expect((await page.goto('/admin/products/1'))?.status()).toBe(403);
  const add = await page.request.post('/api/admin/products', {
    data: { sku: 'PACKER-1', name: 'Nope', category_id: 1, subcategory_id: 1, price_paise: 100, mrp_paise: 100 },
    headers: originHeader(page),
  });
  expect(add.status()).toBe(403);
  expect((await add.json()).message).toBe('Your role (Packer) cannot do this.');
  const edit = await page.request.fetch('/api/admin/products/1', {
    method: 'PATCH',
    data: { name: 'Nope' },
    headers: originHeader(page),
  });
  expect(edit.status()).toBe(403);
});
