/**
 * Three of the dark patterns the shop avoids (docs/compliance.md, CCPA Guidelines for Prevention
 * and Regulation of Dark Patterns, 2023): no box that adds cost or consent is ticked in advance
 * on sign-up, the cart or checkout (basket sneaking, forced action); the delivery fee is in the
 * cart's total, not first at checkout (drip pricing). The third, a stock count shown only when it
 * is true (false urgency), is tests/cart/stock-message.test.ts.
 */
import { expect, type Locator, test } from '@playwright/test';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { checkoutLoaded, fillCart, hydrated, originHeader, signUp } from './checkout-helpers.ts';
import { openAuthFromNavbar } from './session-helpers.ts';

/** The ticked checkboxes, switches and radios inside `scope`, each as "field name: label". */
async function ticked(scope: Locator): Promise<string[]> {
  return scope.locator('input[type="checkbox"]:checked, input[type="radio"]:checked').evaluateAll((inputs) =>
    inputs.map((el) => {
      const input = el as HTMLInputElement;
      return `${input.name}: ${input.labels?.[0]?.textContent?.trim() ?? ''}`;
    }),
  );
}

/** "₹1,234.50" → 123450 paise. */
const paise = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

test('nothing is ticked in advance on sign-up, the cart or checkout but the no-cost slot and substitution choices', async ({
  page,
}) => {
  await page.goto('/');
  const dialog = await openAuthFromNavbar(page, 'Sign Up');
  expect(await ticked(dialog)).toEqual([]);

  await signUp(page);
  await fillCart(page, 1);
  const add = await page.request.post('/api/customer/add-address', {
    headers: originHeader(page),
    data: THRISSUR_ADDRESS,
  });
  expect(add.status(), await add.text()).toBe(201);

  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  expect(await ticked(page.getByRole('main'))).toEqual([]);

  await page.goto('/checkout');
  await checkoutLoaded(page);
  // No payment method is chosen for the customer and points are not spent unasked. The two
  // preselected choices cost nothing: the earliest open delivery slot (the fee is the zone's,
  // whatever the slot) and a replacement, which is never dearer than the item ordered.
  const choices = await ticked(page.getByRole('main'));
  expect(choices.map((c) => c.split(':')[0]).sort()).toEqual(['delivery_slot', 'substitution']);
  expect(choices).toContain('substitution: Replace with a similar item');
});

test('the cart shows the delivery fee and counts it in the total, before checkout', async ({ page }) => {
  await signUp(page);
  await fillCart(page, 1);
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  const summary = page.getByRole('main').getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(/^Delivery fee/)).toBeVisible();
  const subtotal = paise(await summary.locator('[data-summary="subtotal"]').textContent());
  const feeText = await summary.locator('[data-summary="delivery"]').textContent();
  const total = paise(await summary.locator('[data-summary="total"]').textContent());
  // One item stays under the free-delivery threshold: the fee is charged, and shown as an amount.
  expect(feeText).toMatch(/^₹\d/);
  expect(total).toBe(subtotal + paise(feeText));
});
