/**
 * A keyboard-only purchase: from the home page, Tab to a product's Add
 * button and press Enter, open the cart from the navigation bar and go to the checkout, choose
 * Cash on Delivery with Space and place the order with Enter — and at every stop the focused
 * control shows a visible focus indicator.
 */
import { expect, type Page, test } from '@playwright/test';
import { originHeader, signUp } from './checkout-helpers.ts';

const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12',
  street: 'Round South',
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.52,
  longitude: 76.21,
};

/** What has focus, and whether it shows a focus indicator (outline or ring). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { label: '', visible: false };
    // The control itself, or the field around it (a search box rings its wrapper with focus-within).
    const shows = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '');
    // The control itself or its ::after overlay (a card's stretched link), or, for a text field,
    // the field around it (a search box rings its wrapper with focus-within).
    const field = el.tagName === 'INPUT' ? [el.parentElement, el.parentElement?.parentElement] : [];
    const ring =
      shows(getComputedStyle(el)) ||
      shows(getComputedStyle(el, '::after')) ||
      field.some((node) => node && shows(getComputedStyle(node)));
    const label =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ??
      el.textContent?.trim().slice(0, 60) ??
      '';
    return { label, visible: ring };
  });
}

/** Presses Tab until `wanted` matches the focused control's name; each stop must show focus. */
async function tabTo(page: Page, wanted: RegExp, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now.visible, `focus indicator on "${now.label}"`).toBe(true);
    if (wanted.test(now.label)) return;
  }
  throw new Error(`Tab never reached ${wanted}`);
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a keyboard alone buys from the home page to the confirmation, focus visible throughout', async ({ page }) => {
  test.slow();
  await page.goto('/about');
  await signUp(page);
  expect(
    (await page.request.post('/api/customer/add-address', { data: THRISSUR, headers: originHeader(page) })).status(),
  ).toBe(201);

  await page.goto('/');
  await tabTo(page, /^Add .+ to cart$/);
  const product = (await focused(page)).label.replace(/^Add /, '').replace(/ to cart$/, '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Item added to cart' })).toBeVisible();
  const cart = page.getByRole('navigation', { name: 'Main' }).locator('[data-cart-link]');
  await expect(cart).toHaveAttribute('aria-label', 'Cart, 1 item');

  await cart.focus();
  await page.keyboard.press('Enter');
  const card = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(product);
  await tabTo(page, /^Checkout$/, 20);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);

  await expect(page.getByRole('region', { name: 'Shipping Address' })).toContainText('Round South');
  // Tab reaches the payment radio group; the arrow keys move within it.
  await tabTo(page, /Cash On Delivery|Card On Delivery|Credit|Pay Online/i, 60);
  const cod = page.getByRole('radio', { name: 'Pay by Cash On Delivery' });
  for (let i = 0; i < 5 && !(await cod.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(cod).toBeFocused();
  await page.keyboard.press('Space');
  await expect(cod).toBeChecked();
  await tabTo(page, /^Place Order$/, 40);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
});
