/**
 * Product photos in Chromium, at a phone's and a desktop's width: the owner opens a product, removes
 * its artwork, uploads two photos from files (made with sharp for the test), moves them about and
 * makes the second the cover, and saves; a visitor's product page then shows both photos from
 * /media, cover first, each with a srcset of its stored widths. The form and the product page pass
 * axe and do not scroll sideways (screenshots in test-results).
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { originHeader } from './checkout-helpers.ts';
import { hydrated } from './session-helpers.ts';

/** A photo-like JPEG (a gradient with a disc) of `width` × `height` in `colour`, written to the test's output folder. */
async function photoFile(name: string, colour: string, width: number, height: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${colour}"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="${colour}"/></svg>`;
  const file = test.info().outputPath(name);
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/** The photo manager's thumbnails' addresses, in their order. */
function thumbnails(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Photos, cover first' })
    .getByRole('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''));
}

/** The id of the active product named `name`, as the back office lists it. */
async function productId(page: Page, name: string): Promise<number> {
  const res = await page.request.get(`/api/admin/products?q=${encodeURIComponent(name)}`);
  const products = (await res.json()).data.products as { id: number; name: string }[];
  return products.find((p) => p.name === name)!.id;
}

for (const { viewport, product } of [
  { viewport: { width: 1280, height: 900 }, product: 'Cabbage' },
  { viewport: { width: 375, height: 812 }, product: 'Green Chilli' },
]) {
  test(`the owner uploads two photos, reorders them, sets the cover and saves; the shop shows both (${viewport.width}px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.goto('/admin/login');
    await staffSignInByApi(page, STAFF.owner.mobile, originHeader(page));
    const id = await productId(page, product);
    const red = await photoFile(`red-${viewport.width}.jpg`, '#c0392b', 1600, 1200);
    const green = await photoFile(`green-${viewport.width}.jpg`, '#27ae60', 900, 900);

    await page.goto(`/admin/products/${id}`);
    await hydrated(page, 'AdminProductForm');
    const photos = page.getByRole('group', { name: 'Photos' });
    await expect(photos).toBeVisible();
    // The demo artwork goes; the two files come in, uploaded one after the other.
    await photos.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(photos.getByRole('list', { name: 'Photos, cover first' })).toHaveCount(0);
    await photos.getByLabel('Add photos').setInputFiles([red, green]);
    await expect(photos.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 20_000 });
    await expect(photos.getByText(`Uploaded ${`green-${viewport.width}.jpg`}.`)).toBeAttached();
    const [redUrl, greenUrl] = await thumbnails(page);
    expect(redUrl).toMatch(/^\/media\/photos\/[0-9a-f]{32}-1280x960\.webp$/);
    expect(greenUrl).toMatch(/^\/media\/photos\/[0-9a-f]{32}-900x900\.webp$/);

    // Green to the cover, back, and to the cover again by the other way round.
    await photos.getByRole('button', { name: 'Make cover: photo 2' }).click();
    expect(await thumbnails(page)).toEqual([greenUrl, redUrl]);
    await expect(photos.getByText('Photo 2 is now the cover.')).toBeAttached();
    await photos.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    expect(await thumbnails(page)).toEqual([redUrl, greenUrl]);
    await photos.getByRole('button', { name: 'Move photo 1 later' }).click();
    expect(await thumbnails(page)).toEqual([greenUrl, redUrl]);
    // Focus stays with the moved photo, now second: its "earlier" button (it has no "later" one there).
    await expect(photos.getByRole('button', { name: 'Move photo 2 earlier' })).toBeFocused();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`form-${viewport.width}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // A visitor (no staff cookie) sees both photos, green first, each with its widths.
    const visitor = await browser.newContext({ viewport });
    const shop = await visitor.newPage();
    await expect
      .poll(
        async () => {
          await shop.goto(`/product/${id}`);
          return shop.getByRole('img', { name: `${product}, image 1 of 2` }).getAttribute('src');
        },
        { timeout: 5_000 },
      )
      .toBe(greenUrl);
    const main = shop.getByRole('img', { name: `${product}, image 1 of 2` });
    await expect(main).toHaveAttribute('srcset', new RegExp(`-320\\.webp 320w, .*-640\\.webp 640w, ${greenUrl} 900w$`));
    await expect(main).toHaveJSProperty('complete', true);
    expect(await main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Thumbnails are decorative (alt=""): their buttons name them.
    const thumbs = shop.getByRole('list', { name: 'Thumbnails' }).locator('img');
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.nth(1)).toHaveAttribute('src', redUrl);
    await expect(thumbs.nth(1)).toHaveAttribute('srcset', /320w.*640w.*1280w/);
    const served = await shop.request.get(greenUrl);
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const shopOverflow = await shop.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(shopOverflow).toBeLessThanOrEqual(0);
    await shop.screenshot({ path: test.info().outputPath(`product-${viewport.width}.png`), fullPage: false });
    expect(await seriousViolations(shop)).toEqual([]);
    await visitor.close();
  });
}
