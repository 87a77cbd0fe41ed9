/**
 * A product card's "Add" becomes a − qty + stepper in place once the item is in the
 * cart, on the home page and every listing, as on the product page; − at 1 takes it out and
 * "Add" comes back. The stepper follows the cart: after a reload, and when another tab changes
 * it. (The search dropdown lists products as links without buttons, so it has no stepper.)
 * At a phone and a desktop width, axe clean with the stepper shown.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { cartControl, createCustomer } from './session-helpers.ts';

async function cartLines(page: Page): Promise<[number, number][]> {
  const res = await page.request.get('/api/customer/my-cart');
  expect(res.status()).toBe(200);
  return ((await res.json()).data.my_cart as { product_id: number; qty: number }[]).map((l) => [l.product_id, l.qty]);
}

/** The first card on the page with an "Add" button (in stock), its product id and name. */
async function addableCard(page: Page): Promise<{ card: Locator; id: number; name: string }> {
  const first = page
    .locator('article')
    .filter({ has: page.getByRole('button', { name: /^Add .+ to cart$/ }) })
    .first();
  const name = (await first.getByRole('heading').textContent())!.trim();
  const id = Number(await first.getAttribute('data-product-id'));
  // By id from here on: once the card shows its stepper it no longer has an "Add" button.
  return { card: page.locator(`article[data-product-id="${id}"]`).first(), id, name };
}

async function axeClean(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`card stepper at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('home: Add, then + and − in place, and back to Add at 0', async ({ page }) => {
      await createCustomer(page.request);
      await page.goto('/');
      const { card, id, name } = await addableCard(page);
      await card.getByRole('button', { name: `Add ${name} to cart` }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Item added to cart' })).toBeVisible();

      const stepper = card.getByRole('group', { name: `${name} in cart` });
      const qty = stepper.getByRole('status', { name: `Quantity of ${name} in cart` });
      await expect(qty).toHaveText('1');
      await expect(card.getByRole('button', { name: `Add ${name} to cart` })).toBeHidden();
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
      await axeClean(page);

      await stepper.getByRole('button', { name: `Increase quantity of ${name}` }).click();
      await expect(qty).toHaveText('2');
      await expect.poll(() => cartLines(page)).toEqual([[id, 2]]);
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 2 items');

      await stepper.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
      await expect(qty).toHaveText('1');
      await expect.poll(() => cartLines(page)).toEqual([[id, 1]]);
      await stepper.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
      await expect(card.getByRole('button', { name: `Add ${name} to cart` })).toBeVisible();
      await expect(stepper).toBeHidden();
      await expect.poll(() => cartLines(page)).toEqual([]);
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 0 items');
    });

    test('a cart load answered after an Add leaves the right count for the next page', async ({ page }) => {
      await createCustomer(page.request);
      await page.goto('/shop');
      const { card, name } = await addableCard(page);
      // The first Add loads the cart too. That load is read on the server before the Add and
      // answered after it: its cart (empty) is older than the Add's, and so is its hint cookie.
      let loadRead!: () => void;
      const loadWasRead = new Promise<void>((resolve) => {
        loadRead = resolve;
      });
      let addAnswered!: () => void;
      const addWasAnswered = new Promise<void>((resolve) => {
        addAnswered = resolve;
      });
      await page.route('**/api/customer/add-product', async (route) => {
        await loadWasRead;
        const response = await route.fetch();
        await route.fulfill({ response });
        addAnswered();
      });
      await page.route('**/api/customer/my-cart', async (route) => {
        await page.unroute('**/api/customer/my-cart');
        const response = await route.fetch();
        loadRead();
        await addWasAnswered;
        await route.fulfill({ response });
      });
      await card.getByRole('button', { name: `Add ${name} to cart` }).click();
      const stepper = card.getByRole('group', { name: `${name} in cart` });
      await expect(stepper.getByRole('status')).toHaveText('1');
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

      await page.reload();
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
      await expect(stepper.getByRole('status')).toHaveText('1');
    });

    test('a listing shows the stepper for what is already in the cart, and follows another tab', async ({
      page,
      context,
    }) => {
      await createCustomer(page.request);
      await page.goto('/shop');
      const { card, id, name } = await addableCard(page);
      await card.getByRole('button', { name: `Add ${name} to cart` }).click();
      const stepper = card.getByRole('group', { name: `${name} in cart` });
      await expect(stepper.getByRole('status')).toHaveText('1');
      await expect.poll(() => cartLines(page)).toEqual([[id, 1]]);

      // A fresh load of the listing shows the stepper straight away, from the cart.
      await page.reload();
      await expect(stepper.getByRole('status')).toHaveText('1');
      await stepper.getByRole('button', { name: `Increase quantity of ${name}` }).click();
      await expect(stepper.getByRole('status')).toHaveText('2');
      await expect.poll(() => cartLines(page)).toEqual([[id, 2]]);
      await axeClean(page);

      // Another tab takes it out: this one goes back to Add.
      const other = await context.newPage();
      await other.goto('/shop');
      const otherStepper = other
        .locator(`article[data-product-id="${id}"]`)
        .getByRole('group', { name: `${name} in cart` });
      await otherStepper.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
      await expect(otherStepper.getByRole('status')).toHaveText('1');
      await otherStepper.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
      await expect(
        other.locator(`article[data-product-id="${id}"]`).getByRole('button', { name: `Add ${name} to cart` }),
      ).toBeVisible();
      await expect(card.getByRole('button', { name: `Add ${name} to cart` })).toBeVisible();
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 0 items');
    });
  });
}
