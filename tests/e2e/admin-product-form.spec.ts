/**
 * The product form in Chromium, at a phone's and a desktop's width: an owner opens Add product
 * from the products list, fills in every field (no photos) in an existing category, and a visitor
 * with no session sees the product's page and the subcategory's listing within a few seconds;
 * archived, it leaves the shop, and, never ordered, it can be deleted. The new and edit screens
 * pass axe and fit the screen (screenshots in test-results). What a packer may not do is
 * owner-builds-catalogue.spec.ts's.
 */
import { expect, type Page, test } from '@playwright/test';
import { STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, originHeader } from './checkout-helpers.ts';

/** Signs a staff member in through the API; the staff cookies land in the page's context. */
async function signInStaff(page: Page, mobile: string): Promise<void> {
  await page.goto('/admin/login');
  await staffSignInByApi(page, mobile, originHeader(page));
}

/** Fails when the page is wider than the screen; takes a full-page screenshot named `name`. */
async function fitsAndShoot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, name).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`an owner adds a product and a visitor sees it in the shop (${viewport.width}px)`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const tag = `${viewport.width}${Date.now().toString(36).toUpperCase()}`;
    const name = `Kadali Banana ${viewport.width === 360 ? 'Small' : 'Large'} Bunch`;
    const sku = `E2E-KADALI-${tag}`;
    await signInStaff(page, STAFF.owner.mobile);

    await page.goto('/admin/products');
    await hydrated(page, 'AdminProducts');
    await page.screenshot({ path: test.info().outputPath(`products-list-top-${viewport.width}.png`) });
    await page.getByRole('link', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add product' })).toBeVisible();
    await hydrated(page, 'AdminProductForm');
    const form = page.getByRole('form', { name: 'New product' });

    // Checked before sending: an empty form names what is missing.
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(form.getByRole('status')).toHaveText('Please correct the marked fields.');
    await expect(form.getByRole('textbox', { name: 'SKU (required)' })).toHaveAccessibleDescription(/Enter a SKU\./);
    // Focus goes to the first field to correct.
    await expect(form.getByRole('textbox', { name: 'SKU (required)' })).toBeFocused();
    await fitsAndShoot(page, `new-product-errors-${viewport.width}`);
    expect(await seriousViolations(page), 'new product form').toEqual([]);

    await form.getByRole('textbox', { name: 'SKU (required)' }).fill(sku);
    await form.getByRole('textbox', { name: 'Name (required)' }).fill(name);
    await form.getByRole('textbox', { name: 'Brand' }).fill('Thrissur Farms');
    await form.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Fresh Fruits' });
    await form.getByRole('combobox', { name: 'Subcategory' }).selectOption({ label: 'Bananas' });
    await form.getByRole('textbox', { name: 'Pack size' }).fill('1');
    await form.getByRole('combobox', { name: 'Unit' }).selectOption('kg');
    await form.getByRole('textbox', { name: 'MRP (₹, required)' }).fill('99');
    await form.getByRole('textbox', { name: 'Price (₹, required)' }).fill('89.50');
    await form.getByRole('combobox', { name: 'GST rate' }).selectOption({ label: '0 % (nil rated)' });
    await form.getByRole('textbox', { name: 'HSN code' }).fill('803');
    await form.getByRole('textbox', { name: 'Stock (units)' }).fill('30');
    await form
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Small, sweet Kadali bananas from Thrissur farms.');
    await form.getByRole('textbox', { name: 'Additional information' }).fill('Keep at room temperature.');
    await form.getByRole('textbox', { name: 'Highlights (one per line)' }).fill('Temple favourite\nNaturally ripened');
    // Bananas by the bunch: loose produce, so no packaged declarations.
    await form.getByRole('checkbox', { name: 'Sold loose (weighed at packing)' }).check();
    await form.getByRole('button', { name: 'Add product' }).click();
    // A three-digit HSN code is refused with its message beside the field.
    await expect(form.getByRole('textbox', { name: 'HSN code' })).toHaveAccessibleDescription(
      /The HSN code must be 4, 6 or 8 digits/,
    );
    // Corrected, its message goes at once, before the next submit; so does the status's.
    await form.getByRole('textbox', { name: 'HSN code' }).fill('0803');
    await expect(form.getByText(/The HSN code must be 4, 6 or 8 digits/)).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: 'HSN code' })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Please correct the marked fields.')).toHaveCount(0);
    await form.getByRole('button', { name: 'Add product' }).click();

    // The product's page opens with the confirmation above the form, on screen and focused; a
    // reload does not repeat it.
    await expect(page).toHaveURL(/\/admin\/products\/\d+(\?added=1)?$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await hydrated(page, 'AdminProductForm');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const added = page.getByRole('status').filter({ hasText: 'Product added.' });
    await expect(added).toBeInViewport();
    await expect(added).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${id}$`));
    await expect(page.getByRole('textbox', { name: 'HSN code' })).toHaveValue('0803');
    await fitsAndShoot(page, `edit-product-${viewport.width}`);
    expect(await seriousViolations(page), 'edit product form').toEqual([]);

    // A visitor without a session: the product page and the Bananas listing show it.
    const visitor = await browser.newContext({ viewport });
    const shop = await visitor.newPage();
    await expect(async () => {
      const res = await shop.goto(`/product/${id}`);
      expect(res?.status()).toBe(200);
      await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
    await expect(shop.getByText('₹89.50').first()).toBeVisible();
    await expect(shop.getByText('Keep at room temperature.')).toBeVisible();
    // The brand shows beside the name, not only in the JSON-LD.
    await expect(shop.getByText('Brand: Thrissur Farms')).toBeVisible();
    const subcategoryId = Number(await page.getByRole('combobox', { name: 'Subcategory' }).inputValue());
    await shop.goto(`/subcategory/${subcategoryId}`);
    await expect(shop.getByText(name).first()).toBeVisible();
    await visitor.close();

    // A price typed in whole rupees reads as saved, with two decimals, as the other amounts do.
    const priceBox = page.getByRole('textbox', { name: 'Price (₹, required)' });
    await expect(priceBox).toHaveValue('89.50');
    await priceBox.fill('70');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByRole('form', { name: 'Product details' }).getByRole('status')).toHaveText(
      'Saved. The shop shows the change within a second.',
    );
    await expect(priceBox).toHaveValue('70.00');

    // Archived, it leaves the shop: its page answers as a missing product's.
    await page.getByRole('button', { name: 'Archive product' }).click();
    await expect(page.getByRole('form', { name: 'Product details' }).getByRole('status')).toHaveText(
      'Archived: the shop no longer shows it.',
    );
    await expect(page.getByRole('checkbox', { name: 'On sale (shown in the shop)' })).toBeDisabled();
    await expect(async () => {
      const res = await page.request.get(`/product/${id}`);
      expect(res.status()).toBe(404);
    }).toPass({ timeout: 5_000 });

    // Never ordered, it can be deleted after a confirmation; the list says so.
    await page.getByRole('button', { name: 'Delete product' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this product?' });
    await expect(confirm).toBeVisible();
    expect(await seriousViolations(page), 'delete confirmation').toEqual([]);
    await confirm.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page).toHaveURL(/\/admin\/products\?deleted=/);
    await expect(page.getByText(`Deleted the product with SKU ${sku}.`)).toBeVisible();
    expect((await page.request.get(`/api/admin/products/${id}`)).status()).toBe(404);
  });
}
