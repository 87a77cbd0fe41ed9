/**
 * Focus after a dialog or a removal: it returns to the
 * control that opened the dialog (payment modal closed with Escape, the select-address modal,
 * the mobile sign-in dialog), moves to the next line after a cart line is removed, and stays
 * inside the subcategory dialog while it is open — never falls to <body>.
 */
import { expect, test } from '@playwright/test';
import { checkoutLoaded, fillCart, hydrated, originHeader, signUp, stubTiles } from './checkout-helpers.ts';
import { authDialog, createCustomer, origin } from './session-helpers.ts';

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

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the payment modal closed with Escape (the payment abandoned) gives focus back to Place Order', async ({
    page,
  }) => {
    await stubTiles(page);
    await signUp(page);
    await fillCart(page, 1);
    expect(
      (await page.request.post('/api/customer/add-address', { headers: originHeader(page), data: THRISSUR })).status(),
    ).toBe(201);
    // Pay Online goes through the payment simulator on the e2e server (playwright.config.ts).
    await page.goto('/checkout');
    await checkoutLoaded(page);
    await page.getByRole('radio', { name: 'Pay Online' }).check();
    const place = page.getByRole('button', { name: 'Place Order' });
    await place.click();
    await expect(page.getByRole('dialog', { name: 'Payment' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Payment' })).toBeHidden();
    await expect(place).toBeFocused();
  });

  test('the select-address modal gives focus back to Change', async ({ page }) => {
    await stubTiles(page);
    await signUp(page);
    await fillCart(page, 1);
    expect(
      (await page.request.post('/api/customer/add-address', { headers: originHeader(page), data: THRISSUR })).status(),
    ).toBe(201);
    expect(
      (
        await page.request.post('/api/customer/add-address', {
          headers: originHeader(page),
          data: { ...THRISSUR, name: 'Office', street: 'MG Road' },
        })
      ).status(),
    ).toBe(201);
    await page.goto('/checkout');
    await hydrated(page, 'Checkout');
    const change = page.getByRole('region', { name: 'Shipping Address' }).getByRole('button', { name: /Change/ });
    await change.click();
    const chooser = page.getByRole('dialog', { name: 'Select Shipping Address' });
    await chooser.getByRole('button', { name: /Office/ }).click();
    await expect(chooser).toBeHidden();
    await expect(change).toBeFocused();
    await change.click();
    await page.keyboard.press('Escape');
    await expect(change).toBeFocused();
  });

  test('removing a cart line moves focus to the next line, and the last one to the cart heading', async ({ page }) => {
    await createCustomer(page.request);
    const home = (await (await page.request.get('/api/customer/home')).json()).data.products as {
      id: number;
      name: string;
      stock: number;
    }[];
    const [a, b] = home.filter((p) => p.stock > 2);
    for (const p of [a!, b!])
      await page.request.post('/api/customer/add-product', { data: { product_id: p.id, qty: 1 }, headers: origin() });
    await page.goto('/cart');
    await hydrated(page, 'CartPage');
    const first = (await page
      .getByRole('button', { name: /^Remove / })
      .first()
      .getAttribute('aria-label'))!;
    await page.getByRole('button', { name: first }).click();
    await page.getByRole('dialog', { name: 'Remove item?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('button', { name: first })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove / })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Remove item?' }).getByRole('button', { name: 'Remove' }).click();
    // Focus moves once the empty cart has rendered: wait for it on the heading, as the title says.
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeFocused();
  });

  test('the subcategory dialog keeps Tab inside while open', async ({ page }) => {
    await page.goto('/category/1/subcategories');
    await page.getByRole('button', { name: 'All subcategories' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
  });
});

test.describe('375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sign-in dialog closed gives focus back to the account icon', async ({ page }) => {
    await page.goto('/about');
    const account = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' });
    await account.click();
    await page.getByRole('link', { name: 'Login' }).filter({ visible: true }).click();
    const dialog = authDialog(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(account).toBeFocused();
  });
});

test.describe('a toast over an open dialog', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('is drawn above the full-screen cart panel and its backdrop, once', async ({ page }) => {
    await createCustomer(page.request);
    const home = (await (await page.request.get('/api/customer/home')).json()).data.products as {
      id: number;
      name: string;
      stock: number;
    }[];
    const product = home.find((p) => p.stock > 3)!;
    await page.request.post('/api/customer/add-product', {
      data: { product_id: product.id, qty: 1 },
      headers: origin(),
    });
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).locator('[data-cart-link]').click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(panel).toBeVisible();
    const [line] = (await (await page.request.get('/api/customer/my-cart')).json()).data.my_cart;
    await page.request.post('/api/customer/delete-product', { data: { cart_id: line.cart_id }, headers: origin() });
    await panel.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    // Inside the open dialog (outside it the page is inert: not shown above it, not announced).
    const toast = panel
      .getByRole('alert')
      .filter({ hasText: 'Failed to update quantity. The item may have been removed.' });
    await expect(toast).toHaveCount(1);
    const box = (await toast.boundingBox())!;
    // What a finger would touch at the toast's centre is the toast itself, not the dialog under it.
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? '',
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toContain('Failed to update quantity');
  });
});
