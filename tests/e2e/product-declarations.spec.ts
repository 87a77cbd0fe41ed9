/**
 * Product declarations in Chromium, at a phone's and a desktop's width: a visitor reads a packaged
 * product's "Product information" (MRP incl. of all taxes, unit sale price, maker, importer,
 * country of origin, shelf life, FSSAI licence, the veg mark), a loose one's "sold loose and
 * weighed at packing" and a counted import's "sold loose" with its country; an owner adding a
 * packaged product on sale without its declarations is refused with each missing one named
 * beside its field (marked invalid, red-bordered), and adds it once they are filled in, the
 * licence typed with spaces; a refused inline switch-on leaves the row's Active box unticked.
 * Screenshots in test-results.
 */
import { expect, type Page, test } from '@playwright/test';
import { STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, originHeader } from './checkout-helpers.ts';

/** Fails when the page is wider than the screen; takes a full-page screenshot named `name`. */
async function fitsAndShoot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, name).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The id of the demo product with this SKU, read through the back office's API as the owner. */
async function productId(page: Page, sku: string): Promise<number> {
  const res = await page.request.get(`/api/admin/products?q=${sku}`);
  const found = (await res.json()).data.products.find((p: { sku: string }) => p.sku === sku);
  return found.id as number;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`a product page shows its product information (${viewport.width}px)`, async ({ page, browser }) => {
    await page.goto('/admin/login');
    await staffSignInByApi(page, STAFF.owner.mobile, originHeader(page));
    const almonds = await productId(page, 'FF-DRY-007');
    const tomato = await productId(page, 'FF-VEG-001');
    const kiwi = await productId(page, 'FF-FRU-028');

    const visitor = await browser.newContext({ viewport });
    const shop = await visitor.newPage();
    await shop.goto(`/product/${almonds}`);
    const info = shop.getByRole('region', { name: 'Product information' });
    await info.scrollIntoViewIfNeeded();
    await expect(info.getByText('Vegetarian')).toBeVisible();
    const term = (name: string) => info.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) });
    await expect(term('MRP')).toBeVisible();
    await expect(
      info.getByRole('definition').filter({ hasText: /^₹[\d,]+\.\d\d \(incl\. of all taxes\)$/ }),
    ).toBeVisible();
    await expect(term('Unit sale price')).toBeVisible();
    await expect(info.getByRole('definition').filter({ hasText: /^₹[\d,]+\.\d\d\/kg$/ })).toBeVisible();
    await expect(term('Manufactured by')).toBeVisible();
    await expect(
      info.getByText('Blue Valley Almond Growers, 1200 Orchard Way, Modesto, California 95354, USA'),
    ).toBeVisible();
    await expect(term('Imported by')).toBeVisible();
    await expect(term('Country of origin')).toBeVisible();
    await expect(info.getByText('USA', { exact: true })).toBeVisible();
    await expect(info.getByText('Best before 9 months from packing')).toBeVisible();
    await expect(info.getByText('11319013000214')).toBeVisible();
    await fitsAndShoot(shop, `product-information-${viewport.width}`);
    await info.screenshot({ path: test.info().outputPath(`product-information-section-${viewport.width}.png`) });
    expect(await seriousViolations(shop), 'product page').toEqual([]);

    await shop.goto(`/product/${tomato}`);
    const loose = shop.getByRole('region', { name: 'Product information' });
    await expect(loose.getByText(/sold loose and weighed at packing$/)).toBeVisible();
    await expect(loose.getByText(/\(incl\. of all taxes\)$/)).toBeVisible();

    // Kiwis are counted, not weighed, and come from New Zealand through the shop's importer.
    await shop.goto(`/product/${kiwi}`);
    const counted = shop.getByRole('region', { name: 'Product information' });
    await expect(counted.getByText('3 pcs, sold loose', { exact: true })).toBeVisible();
    await expect(counted.getByText('New Zealand', { exact: true })).toBeVisible();
    await expect(counted.getByRole('term').filter({ hasText: /^Imported by$/ })).toBeVisible();
    await visitor.close();
  });

  test(`publishing a packaged product without its declarations is refused, naming them (${viewport.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await page.goto('/admin/login');
    await staffSignInByApi(page, STAFF.owner.mobile, originHeader(page));
    await page.goto('/admin/products/new');
    await hydrated(page, 'AdminProductForm');
    const form = page.getByRole('form', { name: 'New product' });
    const tag = `${viewport.width}${Date.now().toString(36).toUpperCase()}`;
    await form.getByRole('textbox', { name: 'SKU (required)' }).fill(`E2E-PULI-${tag}`);
    await form.getByRole('textbox', { name: 'Name (required)' }).fill(`Puli Inji ${tag}`);
    await form.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Pickles & Chutneys' });
    await form.getByRole('combobox', { name: 'Subcategory' }).selectOption({ label: 'Chutneys & Podis' });
    await form.getByRole('textbox', { name: 'Pack size' }).fill('200');
    await form.getByRole('combobox', { name: 'Unit' }).selectOption('g');
    await form.getByRole('textbox', { name: 'MRP (₹, required)' }).fill('95');
    await form.getByRole('textbox', { name: 'Price (₹, required)' }).fill('90');
    await form.getByRole('combobox', { name: 'Veg or non-veg' }).selectOption({ label: 'Veg' });
    await form.getByRole('button', { name: 'Add product' }).click();

    await expect(form.getByRole('status')).toHaveText(
      "A packaged product goes on sale with its declarations. Missing: manufacturer's name and address, FSSAI licence number, shelf life. Fill them in, or save it off sale.",
    );
    const maker = form.getByRole('textbox', { name: "Manufacturer's name and address" });
    await expect(maker).toHaveAccessibleDescription(
      "Enter the manufacturer's name and address: a packaged product needs it to go on sale.",
    );
    await expect(maker).toBeFocused();
    // The field with a missing declaration is marked invalid and red-bordered, unlike a valid one.
    await expect(maker).toHaveAttribute('aria-invalid', 'true');
    const border = (name: string) =>
      form.getByRole('textbox', { name }).evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(await border("Manufacturer's name and address")).not.toBe(await border('Name (required)'));
    expect(await border("Manufacturer's name and address")).toBe(await border('Shelf life'));
    await expect(form.getByRole('textbox', { name: 'FSSAI licence number' })).toHaveAccessibleDescription(
      /Enter the brand's FSSAI licence number: a packaged product needs it to go on sale\./,
    );
    await expect(form.getByRole('textbox', { name: 'Shelf life' })).toHaveAccessibleDescription(
      /Enter the shelf life: a packaged product needs it to go on sale\./,
    );
    await fitsAndShoot(page, `declarations-refused-${viewport.width}`);
    expect(await seriousViolations(page), 'refused form').toEqual([]);

    // The server holds the same rule: an API client is told the same, field by field.
    const direct = await page.request.post('/api/admin/products', {
      data: {
        sku: `E2E-PULI-API-${tag}`,
        name: `Puli Inji API ${tag}`,
        category_id: 4,
        subcategory_id: 15,
        price_paise: 9000,
        mrp_paise: 9500,
        weight: 200,
        weight_unit: 'g',
        food_mark: 'veg',
      },
      headers: originHeader(page),
    });
    expect(direct.status()).toBe(400);
    expect(Object.keys((await direct.json()).errors)).toEqual([
      'manufacturer',
      'country_of_origin',
      'fssai_licence',
      'shelf_life',
    ]);

    await maker.fill("Ammini's Kitchen, Pullazhi Road, Olari, Thrissur, Kerala 680012");
    // The licence as printed on a pack, with spaces and a hyphen: stored as its 14 digits.
    await form.getByRole('textbox', { name: 'FSSAI licence number' }).fill('213 190 130-01145');
    await form.getByRole('textbox', { name: 'Shelf life' }).fill('Best before 6 months from packing');
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+(\?added=1)?$/);
    await hydrated(page, 'AdminProductForm');
    await expect(page.getByRole('status').filter({ hasText: 'Product added.' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'On sale (shown in the shop)' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'FSSAI licence number' })).toHaveValue('21319013001145');

    // In the list, switching on a product without declarations is refused; its box shows it off sale.
    const offSale = `E2E-PULI-OFF-${tag}`;
    const created = await page.request.post('/api/admin/products', {
      data: {
        sku: offSale,
        name: `Puli Inji Off ${tag}`,
        category_id: 4,
        subcategory_id: 15,
        price_paise: 9000,
        mrp_paise: 9500,
        is_active: false,
      },
      headers: originHeader(page),
    });
    expect(created.status()).toBe(201);
    await page.goto('/admin/products');
    await hydrated(page, 'AdminProducts');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(offSale);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('form', { name: `Puli Inji Off ${tag}` });
    await expect(row.getByText('Inactive')).toBeVisible();
    const switchOn = row.getByRole('checkbox', { name: `Puli Inji Off ${tag} is on sale` });
    await switchOn.check();
    await row.getByRole('button', { name: /^Save/ }).click();
    await expect(row.getByRole('status')).toHaveText(/A packaged product goes on sale with its declarations\./);
    await expect(switchOn).not.toBeChecked();
  });
}
