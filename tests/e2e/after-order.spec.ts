/**
 * After the order end to end at a phone and a desktop width: the GST invoice
 * downloads from the orders list and from the tracking page; a cancelled credit order says what
 * was refunded, where and when, and keeps its (cancelled) invoice; the SMS language is chosen in My Account
 * and kept. axe finds nothing serious on these views.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, originHeader, signUp } from './checkout-helpers.ts';

const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: 'Near Vadakkunnathan Temple',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};
const INVOICE_FILE = /^invoice-FF-\d\d-\d\d-\d{6}\.pdf$/;

async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A signed-in customer with one order paid as `mode`; returns its id and amount (e.g. "₹1,234.00"). */
async function customerWithOrder(page: Page, mode: 'cod' | 'credit'): Promise<{ id: number; amount: string }> {
  await page.goto('/about');
  await signUp(page);
  const h = originHeader(page);
  const address = await page.request.post('/api/customer/add-address', { data: THRISSUR, headers: h });
  const addressId = (await address.json()).data.address.id;
  const list = await (await page.request.get('/api/customer/products/0?pageSize=100')).json();
  const product = (list.data.products as { id: number; stock: number; offer_price: number }[]).find(
    (p) => p.stock >= 100 && p.offer_price < 200,
  )!;
  await page.request.post('/api/customer/add-product', {
    multipart: { product_id: String(product.id), qty: '2' },
    headers: h,
  });
  const summary = (await (await page.request.get('/api/customer/checkout-summary')).json()).data.summary;
  const placed = await page.request.post('/api/customer/place-order', {
    data: { address_id: addressId, payment_mode: mode, paid_amount: summary.paid_amount, points: '0' },
    headers: h,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data.order;
  return {
    id: order.id,
    amount: `₹${Number(order.paid_amount).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
  };
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`after the order at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('downloads the invoice from the orders list and the tracking page', async ({ page }) => {
      const order = await customerWithOrder(page, 'cod');
      await page.goto('/my-account?section=orders');
      await hydrated(page, 'MyAccount');
      const card = page.getByRole('listitem', { name: `Order #${order.id}` });
      const link = card.getByRole('link', { name: `Download invoice for order #${order.id} (PDF)` });
      await expect(link).toBeVisible();
      expect(await serious(page)).toEqual([]);
      const [fromList] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(fromList.suggestedFilename()).toMatch(INVOICE_FILE);

      await page.goto(`/track-order?order=${order.id}`);
      const trackLink = page.getByRole('link', { name: `Download invoice for order #${order.id} (PDF)` });
      await expect(trackLink).toBeVisible();
      expect(await serious(page)).toEqual([]);
      const [fromTracking] = await Promise.all([page.waitForEvent('download'), trackLink.click()]);
      // The number was issued once, when the order was placed.
      expect(fromTracking.suggestedFilename()).toBe(fromList.suggestedFilename());
    });

    test('says what a cancelled credit order refunded, and keeps its invoice', async ({ page }) => {
      const order = await customerWithOrder(page, 'credit');
      await page.goto('/my-account?section=orders');
      await hydrated(page, 'MyAccount');
      const card = page.getByRole('listitem', { name: `Order #${order.id}` });
      await card.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('alertdialog', { name: 'Cancel Order' })
        .getByRole('button', { name: 'Yes, cancel order' })
        .click();
      const refund = `${order.amount} refunded to your FarmFresh credit — available now`;
      await expect(card.getByText(refund)).toBeVisible();
      // The invoice was issued when the order was placed; it stays valid, and a credit note credits all of it.
      await expect(card.getByRole('link', { name: /Download invoice/ })).toHaveCount(1);
      await expect(card.getByRole('link', { name: new RegExp(`^Credit note .* for order #${order.id}`) })).toHaveCount(
        1,
      );
      expect(await serious(page)).toEqual([]);

      await page.goto(`/track-order?order=${order.id}`);
      await expect(page.getByText(refund)).toBeVisible();
      await expect(page.getByRole('link', { name: /Download invoice/ })).toHaveCount(1);
      expect(await serious(page)).toEqual([]);
    });

    test('keeps the SMS language chosen in My Account', async ({ page }) => {
      await page.goto('/about');
      await signUp(page);
      await page.goto('/my-account?section=profile');
      await hydrated(page, 'MyAccount');
      const group = page.getByRole('group', { name: 'SMS language' });
      await expect(group.getByRole('radio', { name: 'English' })).toBeChecked();
      await group.getByRole('radio', { name: 'മലയാളം (Malayalam)' }).check();
      await expect(page.getByText('Order SMS will be sent in Malayalam.')).toBeVisible();
      expect(await serious(page)).toEqual([]);
      await page.reload();
      await hydrated(page, 'MyAccount');
      await expect(
        page.getByRole('group', { name: 'SMS language' }).getByRole('radio', { name: 'മലയാളം (Malayalam)' }),
      ).toBeChecked();
    });
  });
}
