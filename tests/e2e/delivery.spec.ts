/**
 * Delivery zones and slots end to end, on a phone and a desktop width: a visitor
 * checks PIN codes with "Deliver to" by keyboard (one outside every zone, one inside), the
 * navbar, the product page and the cart repeat the answer; a customer sees the delivery slots at
 * checkout with the earliest open one chosen, closed and full ones disabled with their reason,
 * chooses another slot and finds it on the confirmation and in the order; switching to an address
 * in the outer zone brings its fee, minimum order and slots. Axe-clean throughout.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { fillCart, hydrated, myOrders, originHeader, signUp } from './checkout-helpers.ts';

const serious = (violations: { impact?: string | null }[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
const ADDRESS = {
  type: 'home',
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/345',
  street: 'Round North',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`delivery at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('Deliver to: check PIN codes by keyboard; the navbar and the product page repeat the answer', async ({
      page,
    }) => {
      await page.goto('/product/1');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const opener = nav.getByRole('button', { name: /^Deliver to/ });
      await expect(opener).toHaveAccessibleName(/^Deliver to Thrissur/);

      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Deliver to' });
      await expect(dialog).toBeVisible();
      const pin = dialog.getByRole('textbox', { name: 'PIN code' });
      await expect(pin).toBeFocused();
      await page.keyboard.type('1234');
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('alert')).toHaveText('Please enter a 6-digit PIN code.');
      await pin.fill('');
      await page.keyboard.type('110001');
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('Sorry, we do not deliver to 110001 yet.')).toBeVisible();

      await pin.fill('');
      await page.keyboard.type('680001');
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('We deliver to 680001 (Central Thrissur).')).toBeVisible();
      await expect(dialog.getByText(/^Earliest: (today|tomorrow) \d/)).toBeVisible();
      expect(serious((await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await expect(opener).toHaveAccessibleName(/^Deliver to 680001 · Earliest: (today|tomorrow) /);
      const note = page.getByRole('region', { name: 'Delivery' });
      await expect(note).toContainText(/Delivering to 680001 \(Central Thrissur\)\. Earliest: (today|tomorrow) /);
      expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

      // The choice is kept (cookie) for the next page.
      await page.goto('/cart');
      await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('Delivering to 680001');
    });

    test('on a static page the check loads on first use (no React at load) and still works', async ({ page }) => {
      await page.goto('/about');
      const opener = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Deliver to/ });
      await expect(opener).toHaveAccessibleName(/^Deliver to Thrissur/);
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Deliver to' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('textbox', { name: 'PIN code' }).fill('680001');
      await dialog.getByRole('button', { name: 'Check' }).click();
      await expect(dialog.getByText('We deliver to 680001 (Central Thrissur).')).toBeVisible();
    });

    test('checkout lists the slots, the earliest open one chosen; another chosen slot is on the confirmation and the order', async ({
      page,
    }) => {
      test.slow();
      await signUp(page);
      expect(
        (await page.request.post('/api/customer/add-address', { data: ADDRESS, headers: originHeader(page) })).status(),
      ).toBe(201);
      await fillCart(page, 2);
      const listed = (await (await page.request.get('/api/customer/delivery-slots?pin=680001')).json()).data.slots as {
        id: string;
        label: string;
        status: string;
      }[];
      const open = listed.filter((s) => s.status === 'open');
      expect(open.length).toBeGreaterThan(1);

      await page.goto('/checkout');
      await hydrated(page, 'Checkout');
      const slots = page.getByRole('group', { name: 'Delivery Slot' });
      await expect(slots.getByText('Delivering to Central Thrissur.')).toBeVisible();
      await expect(slots.getByRole('radio', { name: open[0]!.label })).toBeChecked();
      // Every slot that cannot be chosen is disabled and says why.
      for (const s of listed.filter((x) => x.status !== 'open')) {
        await expect(slots.getByRole('radio', { name: new RegExp(`^${s.label} \\((Closed|Full)`) })).toBeDisabled();
      }
      expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

      const choice = open[1]!;
      await slots.getByRole('radio', { name: choice.label }).check();
      await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: /^\w{3} \d{1,2} \w{3}, / })).toBeVisible();
      const [order] = (await myOrders(page)) as unknown as { delivery_slot: { id: string } }[];
      expect(order!.delivery_slot.id).toBe(choice.id);
    });

    test("another address in another zone brings that zone's fee, minimum order and slots", async ({ page }) => {
      await signUp(page);
      expect(
        (await page.request.post('/api/customer/add-address', { data: ADDRESS, headers: originHeader(page) })).status(),
      ).toBe(201);
      expect(
        (
          await page.request.post('/api/customer/add-address', {
            data: { ...ADDRESS, street: 'Ollur Road', po_box: '680555' },
            headers: originHeader(page),
          })
        ).status(),
      ).toBe(201);
      const home = await (await page.request.get('/api/customer/home')).json();
      const cheap = (home.data.products as { id: number; offer_price: number; stock: number }[]).find(
        (p) => p.offer_price < 200 && p.stock > 0,
      )!;
      await page.request.post('/api/customer/add-product', {
        form: { product_id: String(cheap.id), qty: '1' },
        headers: originHeader(page),
      });

      await page.goto('/checkout');
      await hydrated(page, 'Checkout');
      const summary = page.getByRole('region', { name: 'Order Summary' });
      const slots = page.getByRole('group', { name: 'Delivery Slot' });
      await expect(slots.getByText('Delivering to Central Thrissur.')).toBeVisible();
      await expect(summary.getByRole('definition').filter({ hasText: '₹40.00' })).toBeVisible();

      await page.getByRole('button', { name: 'Change' }).click();
      await page
        .getByRole('dialog', { name: 'Select Shipping Address' })
        .getByRole('button', { name: /^Select: .*Ollur Road/ })
        .click();
      await page.keyboard.press('Escape');
      await expect(slots.getByText('Delivering to Greater Thrissur.')).toBeVisible();
      await expect(summary.getByRole('definition').filter({ hasText: '₹60.00' })).toBeVisible();
      await expect(summary).toContainText(
        'Delivery to Greater Thrissur: minimum order ₹299.00 · free delivery from ₹799.00',
      );
      await expect(
        summary
          .getByRole('status')
          .getByText(
            /^The minimum order for delivery to Greater Thrissur is ₹299\.00\. Please add ₹[\d,.]+ more to your cart\.$/,
          ),
      ).toBeVisible();
      // The outer zone's own slots: its earliest open one is chosen (which one depends on the hour).
      const outer = (await (await page.request.get('/api/customer/delivery-slots?pin=680555')).json()).data.slots as {
        label: string;
        status: string;
      }[];
      await expect(slots.getByRole('radio', { name: outer.find((s) => s.status === 'open')!.label })).toBeChecked();
      await expect(slots.getByRole('radio')).toHaveCount(outer.length);
      expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

      await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(summary.getByRole('alert')).toContainText(
        'The minimum order for delivery to Greater Thrissur is ₹299.00.',
      );
      expect(await myOrders(page)).toEqual([]);
    });
  });
}
