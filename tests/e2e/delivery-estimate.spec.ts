/**
 * Before the customer's delivery zone is known (no saved address, no PIN code checked), the cart
 * page, its navbar panel and checkout name the zone their delivery fee and total are for and say
 * the fee depends on the delivery area; once a PIN code is known, the figures are that zone's,
 * without the note. The cart at a phone width, checkout at a desktop width.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, originHeader, signUp } from './checkout-helpers.ts';
import { cartControl } from './session-helpers.ts';

const NOTE =
  'The delivery fee depends on your delivery area: these figures are for Central Thrissur. Enter your PIN code under Deliver to, or add your address, to see yours.';

const serious = (violations: { impact?: string | null }[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** Signs a new customer up (no address) and puts one product under ₹200 into the cart. */
async function newCustomerWithCart(page: Page): Promise<void> {
  await page.goto('/');
  await signUp(page);
  const home = await (await page.request.get('/api/customer/home')).json();
  const cheap = (home.data.products as { id: number; offer_price: number; stock: number }[]).find(
    (p) => p.offer_price < 200 && p.stock > 0,
  )!;
  const res = await page.request.post('/api/customer/add-product', {
    form: { product_id: String(cheap.id), qty: '1' },
    headers: originHeader(page),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Keeps a checked PIN code, as Deliver to does. */
async function deliverTo(page: Page, pin: string): Promise<void> {
  await page.context().addCookies([{ name: 'ff_pin', value: pin, url: new URL(page.url()).origin }]);
}

test.describe('the cart at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('names the zone its fee is for until the PIN code is known', async ({ page }) => {
    await newCustomerWithCart(page);
    await page.goto('/cart');
    await hydrated(page, 'CartPage');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByRole('term').filter({ hasText: 'Delivery fee (Central Thrissur)' })).toBeVisible();
    await expect(summary.getByRole('term').filter({ hasText: 'Total (Central Thrissur)' })).toBeVisible();
    await expect(summary.getByText(NOTE)).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

    // The navbar's cart panel names the zone too.
    await page.goto('/shop');
    await cartControl(page).hover();
    await hydrated(page, 'CartButton');
    await cartControl(page).click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(panel).toContainText('Includes ₹40.00 delivery (Central Thrissur)');
    await page.goto('/cart');

    // A PIN code in Greater Thrissur: that zone's fee, stated as the customer's own.
    await deliverTo(page, '680555');
    await page.reload();
    await hydrated(page, 'CartPage');
    await expect(page.locator('[data-summary="delivery"]')).toHaveText('₹60.00');
    await expect(summary.getByRole('term').filter({ hasText: /^Delivery fee$/ })).toBeVisible();
    await expect(summary.getByRole('term').filter({ hasText: /^Total$/ })).toBeVisible();
    await expect(summary.getByText(NOTE)).toHaveCount(0);
  });
});

test.describe('checkout at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('names the zone its fee is for until the PIN code is known', async ({ page }) => {
    await newCustomerWithCart(page);
    await page.goto('/checkout');
    await hydrated(page, 'Checkout');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByRole('term').filter({ hasText: 'Delivery fee (Central Thrissur)' })).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: '₹40.00' })).toBeVisible();
    await expect(summary.getByRole('term').filter({ hasText: 'Total (Central Thrissur)' })).toBeVisible();
    await expect(summary.getByText(NOTE)).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

    await deliverTo(page, '680555');
    await page.reload();
    await hydrated(page, 'Checkout');
    await expect(summary.getByRole('definition').filter({ hasText: '₹60.00' })).toBeVisible();
    await expect(summary.getByRole('term').filter({ hasText: /^Delivery fee$/ })).toBeVisible();
    await expect(summary).toContainText('Delivery to Greater Thrissur: minimum order ₹299.00');
    await expect(summary.getByText(NOTE)).toHaveCount(0);
  });
});
