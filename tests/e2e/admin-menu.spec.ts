/**
 * The back office's navigation on a phone is one row: a "Menu" disclosure that opens every link
 * the role may use, reachable by keyboard, the current page marked; from 640 px every link is in
 * sight without it. Checked at 360 and 1280 px (screenshots in test-results), with axe.
 */
import { expect, type Page, test } from '@playwright/test';
import { STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { origin } from './session-helpers.ts';

async function ownerOnProducts(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await staffSignInByApi(page, STAFF.owner.mobile, origin());
  await page.goto('/admin/products');
}

test.describe('360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the menu is one row; opened by keyboard it lists every link, the current page marked', async ({
    page,
  }, testInfo) => {
    await ownerOnProducts(page);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    const menu = nav.getByText('Menu', { exact: true });
    await expect(menu).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(0);
    // One row of at least a finger's height, not the five rows of wrapped links.
    const height = (await nav.boundingBox())!.height;
    expect(height).toBeGreaterThanOrEqual(44);
    expect(height).toBeLessThan(60);
    await page.screenshot({ path: testInfo.outputPath('admin-menu-360-closed.png') });

    await menu.focus();
    await page.keyboard.press('Enter');
    const links = nav.getByRole('link');
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThanOrEqual(15);
    await expect(nav.getByRole('link', { name: 'Products', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]:visible')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Order board' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('admin-menu-360-open.png') });

    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(nav.getByRole('link')).toHaveCount(0);
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every link is in sight without a menu, the current page marked', async ({ page }, testInfo) => {
    await ownerOnProducts(page);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByText('Menu', { exact: true })).toBeHidden();
    const links = nav.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(15);
    for (const link of await links.all()) await expect(link).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Products', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]:visible')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('admin-menu-1280.png') });
  });
});
