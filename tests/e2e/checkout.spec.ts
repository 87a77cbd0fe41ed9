/**
 * Checkout end to end (docs/orders-and-payments.md#checkout and #placing-an-order),
 * on a phone and a desktop width: a new customer adds an address by clicking the map (tiles
 * stubbed), applies FRESH5, is stopped by the Payment Method Required dialog, places a COD
 * order with a double click (one order only), sees Order Confirmed and, after Continue shopping,
 * the toast at home. An address outside the delivery area is saved but the checkout refuses to
 * order to it.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { checkoutLoaded, fillCart, hydrated, myOrders, originHeader, signUp, stubTiles } from './checkout-helpers.ts';

const serious = (violations: { impact?: string | null }[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

test('a visitor without a session is sent to log in first', async ({ page }) => {
  const res = await page.request.get('/checkout', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/login?next=/checkout');
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`checkout at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('add an address on the map, apply FRESH5, choose a method, place one COD order, see it confirmed, then the toast at home', async ({
      page,
    }) => {
      test.slow();
      await stubTiles(page);
      await signUp(page);
      const productName = await fillCart(page, 2);
      await page.goto('/checkout');
      await hydrated(page, 'Checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.getByText('No addresses found. Please add an address.')).toBeVisible();
      await expect(page.getByRole('list').getByText(productName)).toBeVisible();
      await expect(page.getByText('Quantity: 2')).toBeVisible();
      expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

      // Address dialog: validation, then a complete address pinned by a map click.
      await page.getByRole('button', { name: 'Add New Address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Address' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Save Address' }).click();
      await expect(
        dialog.getByRole('alert').filter({ hasText: 'Please fix the errors in the form before submitting.' }),
      ).toBeVisible();
      await expect(dialog.getByText('Full Name is required')).toBeVisible();
      await expect(dialog.getByText('Please select a location on the map')).toBeVisible();
      await dialog.getByLabel('Full Name').fill('Asha Menon');
      await expect(dialog.getByText('Full Name is required')).toHaveCount(0);
      await dialog.getByRole('textbox', { name: 'Mobile Number' }).pressSequentially('9876543210');
      await dialog.getByLabel('Building Number').fill('12/345');
      await dialog.getByLabel('Street', { exact: true }).fill('Round North');
      await dialog.getByLabel('City').fill('Thrissur');
      const postal = dialog.getByLabel('Postal Code');
      await postal.pressSequentially('68a0-0012');
      await expect(postal).toHaveValue('680001');
      const map = dialog.getByRole('application');
      await expect(map).toHaveCSS('height', '256px');
      await expect(dialog.locator('.leaflet-tile-loaded').first()).toBeAttached();
      expect(serious((await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations)).toEqual([]);
      await map.click({ position: { x: 60, y: 60 } });
      await expect(dialog.getByLabel('Latitude')).toHaveValue(/^10\.\d+/);
      await expect(dialog.getByLabel('Longitude')).toHaveValue(/^76\.\d+/);
      await expect(dialog.getByText('Please select a location on the map')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Save Address' }).click();

      const saved = page.getByRole('alertdialog', { name: 'Address Saved' });
      await expect(saved).toContainText('Address added successfully!');
      await saved.getByRole('button', { name: 'OK' }).click();
      // The list grew: the selection modal reopens, the new address selected.
      const chooser = page.getByRole('dialog', { name: 'Select Shipping Address' });
      await expect(chooser).toBeVisible();
      // One message: the dialog said it; the chooser does not repeat it, and no toast does.
      await expect(page.getByText('Address added successfully!')).toHaveCount(0);
      await expect(chooser.getByRole('button', { name: /^Selected: Asha Menon/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await chooser.getByRole('button', { name: 'Close Select Shipping Address' }).click();
      const shipping = page.getByRole('region', { name: 'Shipping Address' });
      await expect(shipping).toContainText('12/345, Round North, Thrissur, 680001');
      await expect(shipping.getByText('Default', { exact: true })).toBeVisible();

      // Promo code: Apply is disabled while empty; the server's figures replace the old ones.
      const apply = page.getByRole('button', { name: 'Apply' });
      await expect(apply).toBeDisabled();
      await page.getByLabel('Promo code', { exact: true }).fill('fresh5');
      await apply.click();
      await expect(page.getByText('Promo code applied! 5% discount applied.')).toBeVisible();
      const quote = (await (await page.request.get('/api/customer/checkout-summary?promocode=FRESH5')).json()).data
        .summary;
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(summary).toContainText('Discount (FRESH5)');
      await expect(summary).toContainText(
        `₹${Number(quote.paid_amount).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
      );
      expect(Number(quote.discount)).toBeGreaterThan(0);

      // No payment method: the Payment Method Required dialog.
      const place = page.getByRole('button', { name: 'Place Order' });
      await place.click();
      const alert = page.getByRole('alertdialog', { name: 'Payment Method Required' });
      await expect(alert).toContainText('Please select a payment method to continue with your order.');
      await alert.getByRole('button', { name: 'OK' }).click();
      await expect(alert).toBeHidden();
      expect(await myOrders(page)).toHaveLength(0);

      await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
      // "Pay Online" exists only when the server has a payment gateway configured.
      const online = (await (await page.request.get('/api/customer/checkout-summary')).json()).data
        .online_payment as boolean;
      await expect(page.getByRole('radio', { name: 'Pay Online' })).toHaveCount(online ? 1 : 0);
      await page.getByLabel('Order Notes').fill('Please ring the bell twice.');
      await place.dblclick();

      await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
      const orders = await myOrders(page);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ payment_mode: 'Cash', promocode: 'FRESH5', paid_amount: quote.paid_amount });
      await expect(page.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute(
        'href',
        `/track-order?order=${orders[0]!.id}`,
      );
      const continueShopping = page.getByRole('link', { name: 'Continue shopping' });
      await expect(continueShopping).toHaveAttribute('href', '/');

      // Continue shopping: home, with the order-success toast; the cart is empty.
      await continueShopping.click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
      await expect(
        page.getByRole('status').filter({ hasText: `Your order #${orders[0]!.id} has been placed successfully!` }),
      ).toBeVisible();
      const cart = await (await page.request.get('/api/customer/my-cart')).json();
      expect(cart.data.my_cart).toEqual([]);
    });

    test('an address outside the delivery area can be saved, but checkout says so and places no order', async ({
      page,
    }) => {
      await signUp(page);
      await fillCart(page, 1);
      const add = await page.request.post('/api/customer/add-address', {
        headers: originHeader(page),
        data: {
          name: 'Ravi Kumar',
          mobile: '+919812345678',
          building_num: '4',
          street: 'Janpath',
          city: 'New Delhi',
          po_box: '110001',
          latitude: 28.61,
          longitude: 77.21,
        },
      });
      expect(add.status()).toBe(201);
      expect((await add.json()).data.address.deliverable).toBe(false);

      await page.goto('/checkout');
      await hydrated(page, 'Checkout');
      const shipping = page.getByRole('region', { name: 'Shipping Address' });
      await expect(shipping.getByRole('alert')).toContainText('Sorry, we do not deliver to 110001 yet.');
      await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('region', { name: 'Order Summary' }).getByRole('alert')).toContainText(
        'we do not deliver to 110001',
      );
      expect(await myOrders(page)).toHaveLength(0);
    });
  });
}

test.describe('Pay Online', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the payment simulator’s modal takes the payment after 2 s and the order is confirmed paid', async ({
    page,
  }) => {
    await stubTiles(page);
    await signUp(page);
    await fillCart(page, 1);
    const add = await page.request.post('/api/customer/add-address', {
      headers: originHeader(page),
      data: {
        name: 'Asha Menon',
        mobile: '+919876543210',
        building_num: '12',
        street: 'Round South',
        city: 'Thrissur',
        po_box: '680001',
        latitude: 10.52,
        longitude: 76.21,
      },
    });
    expect(add.status()).toBe(201);
    // The e2e server pays online through the simulator (playwright.config.ts).
    expect((await (await page.request.get('/api/customer/checkout-summary')).json()).data.online_payment).toBe(true);
    await page.goto('/checkout');
    await checkoutLoaded(page);
    await page.getByRole('radio', { name: 'Pay Online' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment' });
    await expect(modal.getByRole('img', { name: 'UPI QR code (test payments)' })).toBeVisible();
    for (const option of ['Cards', 'Net banking', 'Wallet', 'UPI'])
      await modal.getByRole('radio', { name: option }).click();
    await modal.getByRole('button', { name: 'Google Pay' }).click();
    const started = Date.now();
    await modal.getByRole('button', { name: /^Pay Now/ }).click();
    await expect(modal.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(modal.getByText('Payment Successful!')).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    await expect(modal.getByText('Your order has been placed successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    const orders = await myOrders(page);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ payment_mode: 'Online', payment_status: 'paid' });
  });
});

test.describe('Pay using Credit', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('is offered while the credit pays for the order, and disabled, saying why, once it does not', async ({
    page,
  }) => {
    await stubTiles(page);
    await signUp(page);
    const h = originHeader(page);
    const add = await page.request.post('/api/customer/add-address', {
      headers: h,
      data: {
        name: 'Asha Menon',
        mobile: '+919876543210',
        building_num: '12',
        street: 'Round South',
        city: 'Thrissur',
        po_box: '680001',
        latitude: 10.52,
        longitude: 76.21,
      },
    });
    expect(add.status()).toBe(201);
    const list = await (await page.request.get('/api/customer/products/0?pageSize=100')).json();
    const product = (list.data.products as { id: number; stock: number; offer_price: number }[]).find(
      (p) => p.stock >= 100 && p.offer_price >= 50 && p.offer_price < 200,
    )!;
    const setQty = async (qty: number) =>
      expect(
        (
          await page.request.post('/api/customer/add-product', {
            multipart: { product_id: String(product.id), qty: String(qty) },
            headers: h,
          })
        ).status(),
      ).toBe(200);

    // A new demo customer's ₹1,000 of credit pays for a small order.
    await setQty(2);
    await page.goto('/checkout');
    await checkoutLoaded(page);
    const credit = page.getByRole('radio', { name: /^Pay using Credit/ });
    await expect(credit).toBeEnabled();
    await expect(page.getByText('Available credit: ₹1,000.00', { exact: true })).toBeVisible();
    await credit.check();

    // Over ₹1,000 it cannot: the option is disabled, says why, and is no longer the choice.
    await setQty(Math.ceil(1_100 / product.offer_price));
    await page.goto('/checkout');
    await checkoutLoaded(page);
    await expect(page.getByText('Available credit: ₹1,000.00, not enough for this order')).toBeVisible();
    await expect(credit).toBeDisabled();
    await expect(credit).not.toBeChecked();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Payment Method Required' })).toBeVisible();
  });
});
