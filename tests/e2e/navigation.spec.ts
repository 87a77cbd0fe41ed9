/**
 * Navigation bar, category picker overlay and footer (docs/storefront-rules.md) at a desktop and a
 * phone width.
 */
import { expect, type Page, test } from '@playwright/test';

/**
 * Shows interest in the named island (it hydrates on first hover/focus/touch: client:interact)
 * and waits until it has hydrated (Astro drops the `ssr` attribute then).
 */
async function hydrated(page: Page, island: string) {
  for (const el of await page.locator(`astro-island[component-url*="${island}"]`).all())
    await el.dispatchEvent('pointerenter');
  await page.locator(`astro-island[component-url*="${island}"]:not([ssr])`).first().waitFor({ state: 'attached' });
}

async function categoryNames(page: Page): Promise<{ id: number; title: string }[]> {
  const response = await page.request.get('/api/customer/product-categories');
  expect(response.ok()).toBe(true);
  return (await response.json()).data.categories;
}

test.describe('desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the bar shows the logo, location, links, cart and login', async ({ page }) => {
    await page.goto('/shop');
    const bar = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link', { name: 'FarmFresh home' })).toHaveAttribute('href', '/');
    await expect(bar.getByText('Thrissur')).toBeVisible();
    await expect(bar.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(bar.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('href', '/about');
    await expect(bar.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    await expect(bar.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  test('the category picker lists the categories, closes on Escape and navigates', async ({ page }) => {
    const categories = await categoryNames(page);
    await page.goto('/shop');
    await hydrated(page, 'CategoryPicker');
    const opener = page.getByRole('button', { name: 'Category' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Categories' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(categories.length);
    for (const c of categories) await expect(dialog.getByRole('link', { name: c.title })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close categories' }).click();
    await expect(dialog).toBeHidden();

    await opener.click();
    await dialog.getByRole('link', { name: categories[1].title }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${categories[1].id}/subcategories$`));
  });

  test('the category picker keeps focus inside and closes on an outside click', async ({ page }) => {
    await page.goto('/shop');
    await hydrated(page, 'CategoryPicker');
    await page.getByRole('button', { name: 'Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Categories' });
    await expect(dialog.getByRole('link').first()).toBeVisible();
    // More presses than the dialog has controls (close button + one link per category).
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.mouse.click(20, 450);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  });

  test('the picker says so when categories fail to load', async ({ page }) => {
    await page.route('**/api/customer/product-categories', (route) =>
      route.fulfill({ status: 200, json: { success: false, message: 'nope' } }),
    );
    await page.goto('/shop');
    await hydrated(page, 'CategoryPicker');
    await page.getByRole('button', { name: 'Category' }).click();
    await expect(page.getByRole('dialog', { name: 'Categories' }).getByRole('alert')).toHaveText(
      'Failed to load categories. Please try again later.',
    );
  });

  test('the footer shows 4 categories, More reveals the rest and Less hides them', async ({ page }) => {
    const categories = await categoryNames(page);
    expect(categories.length).toBeGreaterThan(4);
    await page.goto('/shop');
    const footer = page.getByRole('contentinfo');
    const list = footer.getByRole('navigation', { name: 'Categories' });
    await expect(footer.getByText('Bringing farm fresh goodness to your doorstep!')).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(4);
    await expect(list.getByRole('link', { name: categories[0].title })).toHaveAttribute(
      'href',
      `/category/${categories[0].id}/subcategories`,
    );

    const more = list.getByRole('button', { name: 'More' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(list.getByRole('link')).toHaveCount(categories.length);
    const less = list.getByRole('button', { name: 'Less' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await less.click();
    await expect(list.getByRole('link')).toHaveCount(4);
  });

  test('the footer of a prerendered page lists the live categories too', async ({ page }) => {
    const categories = await categoryNames(page);
    await page.goto('/about');
    const list = page.getByRole('contentinfo').getByRole('navigation', { name: 'Categories' });
    await expect(list.getByRole('link', { name: categories[0].title })).toBeVisible();
    await list.getByRole('button', { name: 'More' }).click();
    await expect(list.getByRole('link', { name: categories[categories.length - 1].title })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Thrissur')).toBeVisible();
  });

  test('the footer links the information pages, payment marks, apps and contact', async ({ page }) => {
    await page.goto('/shop');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['About Us', '/about'],
      ['Contact Us', '/contact-us'],
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['FAQ', '/faq'],
      ['Secure Checkout', '/securecheckout'],
      ['Become a Shopper', '/become-a-shopper'],
      ['Gift Cards', '/gift-cards'],
      ['Careers', '/careers'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const mark of ['Visa', 'Mastercard', 'RuPay', 'UPI', 'Cash on Delivery']) {
      await expect(footer.getByRole('img', { name: mark })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', '/help#app');
    await expect(footer.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', '/help#app');
    // Customer care's and the grievance officer's e-mail addresses.
    await expect(footer.getByRole('link', { name: /@/ })).toHaveCount(2);
    for (const link of await footer.getByRole('link', { name: /@/ }).all())
      await expect(link).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  });
});

test.describe('mobile (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the bar shows icons only, and the account icon opens My Profile', async ({ page }) => {
    await page.goto('/shop');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByText('Thrissur')).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
    await expect(bar.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

    const account = bar.getByRole('button', { name: 'Account' });
    await account.click();
    const panel = page.getByRole('region', { name: 'My Profile' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(panel.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    await page.mouse.click(5, 400); // the page margin, outside any control
    await expect(panel).toBeHidden();

    await account.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(account).toBeFocused();
  });

  test('the category icon opens the picker full screen and navigates', async ({ page }) => {
    const categories = await categoryNames(page);
    await page.goto('/shop');
    await hydrated(page, 'CategoryPicker');
    await page.getByRole('button', { name: 'Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Categories' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(375);
    await dialog.getByRole('link', { name: categories[0].title }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${categories[0].id}/subcategories$`));
  });

  test('the footer More/Less toggle works on a phone', async ({ page }) => {
    await page.goto('/shop');
    const list = page.getByRole('contentinfo').getByRole('navigation', { name: 'Categories' });
    await expect(list.getByRole('link')).toHaveCount(4);
    await list.getByRole('button', { name: 'More' }).click();
    await expect(list.getByRole('link').nth(4)).toBeVisible();
    await list.getByRole('button', { name: 'Less' }).click();
    await expect(list.getByRole('link')).toHaveCount(4);
  });
});
