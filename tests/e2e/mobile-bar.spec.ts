/**
 * The phone's navigation bar: the first tap on the Category and Cart
 * icons opens their overlay in place (the island hydrates on that tap), and both stay plain
 * links to /categories and /cart without JavaScript.
 */
import { expect, test } from '@playwright/test';
import { createCustomer } from './session-helpers.ts';

test.describe('phone, first tap', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the Category icon opens the category overlay on the first tap', async ({ page }) => {
    await page.goto('/about');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /categor/i })
      .tap();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('the Cart icon opens the cart panel on the first tap', async ({ page }) => {
    await createCustomer(page.request);
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).locator('[data-cart-link]').tap();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

  test('the icons are links to /categories and /cart', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.locator('[data-cart-link]')).toHaveAttribute('href', '/cart');
    await nav.getByRole('link', { name: /categor/i }).click();
    await expect(page).toHaveURL(/\/categories$/);
  });
});
