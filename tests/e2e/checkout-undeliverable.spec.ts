/**
 * Checkout with an address the shop does not deliver to (docs/orders-and-payments.md#checkout):
 * a customer whose default address is outside every delivery zone adds one the shop serves, and
 * checkout delivers there; checkout opens on a deliverable address when one is saved; and while an
 * undeliverable address is selected, no delivery fee and no free-delivery hint are quoted for it,
 * the page says it cannot be delivered there, and no order is placed.
 */
import { expect, type Page, test } from '@playwright/test';
import { checkoutLoaded, fillCart, hydrated, myOrders, originHeader, signUp, stubTiles } from './checkout-helpers.ts';

const DELHI = {
  name: 'Ravi Kumar',
  mobile: '+919812345678',
  building_num: '4',
  street: 'Janpath',
  city: 'New Delhi',
  po_box: '110001',
  latitude: 28.61,
  longitude: 77.21,
};

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

/** Saves an address through the API (the first one saved becomes the default); returns its id. */
async function saveAddress(page: Page, address: typeof DELHI): Promise<number> {
  const res = await page.request.post('/api/customer/add-address', { headers: originHeader(page), data: address });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.address.id as number;
}

/** A cart of one unit of the cheapest product on the home feed: well below every free-delivery threshold. */
async function cheapCart(page: Page): Promise<void> {
  await fillCart(page, 1);
  const sum = (await (await page.request.get('/api/customer/checkout-summary')).json()).data.summary;
  expect(Number(sum.subtotal)).toBeLessThan(499);
}

/** What the Order Summary says for an undeliverable address: no fee, no hint, the reason instead. */
async function expectNoDeliveryQuoted(page: Page, pin: string): Promise<void> {
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(`Sorry, we do not deliver to ${pin} yet.`)).toBeVisible();
  await expect(summary.getByText(/more for free delivery/)).toHaveCount(0);
  await expect(summary.getByText(/^Delivery to /)).toHaveCount(0);
  const figureOf = (label: RegExp) =>
    summary.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
  // The fee row names no amount and no "Free": nothing is delivered there; the total is the items'.
  await expect(figureOf(/^Delivery fee/)).toHaveText('Not delivered here');
  await expect(figureOf(/^Subtotal/)).toHaveText(/^₹/);
  await expect(figureOf(/^Total/)).toHaveText((await figureOf(/^Subtotal/).textContent()) ?? '');
}

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  test.describe(`undeliverable address at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('a default address outside the delivery area quotes no delivery; an address added at checkout is delivered to', async ({
      page,
    }) => {
      test.slow();
      await stubTiles(page);
      await signUp(page);
      await saveAddress(page, DELHI);
      await cheapCart(page);

      await page.goto('/checkout');
      await hydrated(page, 'Checkout');
      const shipping = page.getByRole('region', { name: 'Shipping Address' });
      await expect(shipping.getByRole('alert')).toContainText('Sorry, we do not deliver to 110001 yet.');
      await expectNoDeliveryQuoted(page, '110001');

      // Change → Add New Address: a Thrissur address, pinned on the map.
      await shipping.getByRole('button', { name: 'Change' }).click();
      await page
        .getByRole('dialog', { name: 'Select Shipping Address' })
        .getByRole('button', { name: '+ Add New Address' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Add Address' });
      await dialog.getByLabel('Full Name').fill('Asha Menon');
      await dialog.getByRole('textbox', { name: 'Mobile Number' }).pressSequentially('9876543210');
      await dialog.getByLabel('Building Number').fill('12/345');
      await dialog.getByLabel('Street', { exact: true }).fill('Round North');
      await dialog.getByLabel('City').fill('Thrissur');
      await dialog.getByLabel('Postal Code').fill('680001');
      await dialog.getByRole('application').click({ position: { x: 60, y: 60 } });
      await expect(dialog.getByLabel('Latitude')).toHaveValue(/^\d+\.\d+/);
      await dialog.getByRole('button', { name: 'Save Address' }).click();
      await page.getByRole('alertdialog', { name: 'Address Saved' }).getByRole('button', { name: 'OK' }).click();

      const chooser = page.getByRole('dialog', { name: 'Select Shipping Address' });
      await expect(chooser.getByRole('button', { name: /^Selected: Asha Menon/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await chooser.getByRole('button', { name: 'Close Select Shipping Address' }).click();

      // The new address is the one delivered to, with its zone's fee and the free-delivery hint.
      await expect(shipping).toContainText('12/345, Round North, Thrissur, 680001');
      await expect(shipping.getByRole('alert')).toHaveCount(0);
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(summary).toContainText('Delivery to Central Thrissur');
      await expect(summary.getByText(/^Add ₹[\d,.]+ more for free delivery$/)).toBeVisible();
      await expect(summary.getByText('Not delivered here', { exact: true })).toHaveCount(0);
      await checkoutLoaded(page);

      // Checkout opened again in a new tab (nothing chosen in it yet) opens on it too, not on the
      // undeliverable default; after a reload it is still the selection, and the order goes there.
      const other = await page.context().newPage();
      await other.goto('/checkout');
      await checkoutLoaded(other);
      await expect(other.getByRole('region', { name: 'Shipping Address' })).toContainText(
        '12/345, Round North, Thrissur, 680001',
      );
      await other.close();
      await page.reload();
      await checkoutLoaded(page);
      await expect(shipping).toContainText('12/345, Round North, Thrissur, 680001');
      await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
      expect(await myOrders(page)).toHaveLength(1);
    });
  });
}

test.describe('opening checkout', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('selects a deliverable address over an undeliverable default', async ({ page }) => {
    await signUp(page);
    await saveAddress(page, DELHI);
    await saveAddress(page, THRISSUR);
    await cheapCart(page);

    await page.goto('/checkout');
    await checkoutLoaded(page);
    const shipping = page.getByRole('region', { name: 'Shipping Address' });
    await expect(shipping).toContainText('12, Round South, Thrissur, 680001');
    await expect(shipping.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Delivery to Central Thrissur');

    // Choosing the undeliverable one by hand: the page says why, and quotes no delivery for it.
    await shipping.getByRole('button', { name: 'Change' }).click();
    await page
      .getByRole('dialog', { name: 'Select Shipping Address' })
      .getByRole('button', { name: /^Select: Ravi Kumar/ })
      .click();
    await expect(shipping.getByRole('alert')).toContainText('Sorry, we do not deliver to 110001 yet.');
    await expectNoDeliveryQuoted(page, '110001');
  });

  test('with only undeliverable addresses says why and places no order', async ({ page }) => {
    await signUp(page);
    await saveAddress(page, DELHI);
    await cheapCart(page);

    await page.goto('/checkout');
    await hydrated(page, 'Checkout');
    const shipping = page.getByRole('region', { name: 'Shipping Address' });
    await expect(shipping.getByRole('alert')).toContainText(
      'Sorry, we do not deliver to 110001 yet. We deliver in Central Thrissur, Greater Thrissur (PIN codes 680xxx).',
    );
    await expectNoDeliveryQuoted(page, '110001');
    await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByRole('alert')).toContainText(
      'we do not deliver to 110001',
    );
    expect(await myOrders(page)).toHaveLength(0);
  });
});
