/**
 * axe on every route and every dialog a customer opens, at a phone and a
 * desktop width, signed in with an order so that /checkout, /my-account and /track-order show
 * their real content. Serious and critical findings fail; the dialogs covered elsewhere (auth,
 * address, remove item, subcategories, search) keep their own checks.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { fillCart, hydrated, originHeader, signUp, stubTiles } from './checkout-helpers.ts';

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

async function serious(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`every route passes axe, signed in (${viewport.width}px)`, async ({ page }) => {
    // Sixteen routes, each loaded and analysed by axe: minutes on a busy two-core machine.
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await stubTiles(page);
    await page.goto('/about');
    await signUp(page);
    const add = await page.request.post('/api/customer/add-address', { data: THRISSUR, headers: originHeader(page) });
    await fillCart(page, 1);
    const summary = (await (await page.request.get('/api/customer/checkout-summary')).json()).data.summary;
    const placed = await page.request.post('/api/customer/place-order', {
      data: { address_id: (await add.json()).data.address.id, payment_mode: 'cod', paid_amount: summary.paid_amount },
      headers: originHeader(page),
    });
    const orderId = (await placed.json()).data.order.id as number;
    await fillCart(page, 2);
    const routes = [
      '/',
      '/shop',
      '/search?q=banana',
      '/search?q=jakfroot',
      '/categories',
      '/category/1/subcategories',
      '/product/1',
      '/cart',
      '/checkout',
      '/my-account',
      `/track-order?order=${orderId}`,
      '/grievance',
      '/about',
      '/faq',
      '/blog',
      '/contact-us',
      '/no-such-page',
    ];
    for (const path of routes) {
      await page.goto(path);
      expect(await serious(page), path).toEqual([]);
    }
  });

  test(`the navigation's dialogs and the checkout's pass axe when open (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await stubTiles(page);
    await page.goto('/about');
    await signUp(page);
    expect(
      (await page.request.post('/api/customer/add-address', { data: THRISSUR, headers: originHeader(page) })).status(),
    ).toBe(201);
    await fillCart(page, 1);

    await page.goto('/shop');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Category' }).click();
    await expect(page.getByRole('dialog', { name: 'Categories' })).toBeVisible();
    expect(await serious(page, 'dialog[open]'), 'categories').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('navigation', { name: 'Main' }).locator('[data-cart-link]').click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    expect(await serious(page, 'dialog[open]'), 'cart').toEqual([]);

    await page.goto('/checkout');
    await hydrated(page, 'Checkout');
    await page
      .getByRole('region', { name: 'Shipping Address' })
      .getByRole('button', { name: /Change/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Select Shipping Address' })).toBeVisible();
    expect(await serious(page, 'dialog[open]'), 'select address').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Payment Method Required' })).toBeVisible();
    expect(await serious(page, 'dialog[open]'), 'method required').toEqual([]);
  });
}
