/**
 * The checkout as a new customer sees it (docs/orders-and-payments.md#checkout and
 * #order-confirmed): the first address's own zone prices the order before Place Order (fee,
 * minimum order, free-delivery threshold); phones get the total and Place Order in a bar at the
 * bottom; cash on delivery ends on the Order Confirmed screen, which stays until the customer
 * leaves it, a reload included; the address chosen at checkout is still chosen after a trip to the
 * cart and back; and no storefront page of the purchase scrolls sideways from 320 px up.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { checkoutLoaded, hydrated, myOrders, originHeader, signUp, stubTiles } from './checkout-helpers.ts';

const serious = (violations: { impact?: string | null }[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

const inr = (rupees: number) => `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

type HomeProduct = { id: number; name: string; offer_price: number; stock: number };

/** Products of the home feed in stock, cheapest first. */
async function products(page: Page): Promise<HomeProduct[]> {
  const home = await (await page.request.get('/api/customer/home')).json();
  return (home.data.products as HomeProduct[]).filter((p) => p.stock > 3).sort((a, b) => a.offer_price - b.offer_price);
}

async function addToCart(page: Page, productId: number, qty: number): Promise<void> {
  const res = await page.request.post('/api/customer/add-product', {
    form: { product_id: String(productId), qty: String(qty) },
    headers: originHeader(page),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function addAddress(page: Page, pin = '680001', name = THRISSUR_ADDRESS.name): Promise<void> {
  const res = await page.request.post('/api/customer/add-address', {
    data: { ...THRISSUR_ADDRESS, po_box: pin, name },
    headers: originHeader(page),
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Whether the page is wider than the screen (it would scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Places the cart as a cash-on-delivery order to the first saved address, through the API; its id. */
async function placeCashOrderByApi(page: Page): Promise<number> {
  const placed = await page.request.post('/api/customer/place-order', {
    headers: originHeader(page),
    data: {
      address_id: (await (await page.request.get('/api/customer/address-list')).json()).data.address_list[0].id,
      payment_mode: 'cod',
      paid_amount: (await (await page.request.get('/api/customer/checkout-summary')).json()).data.summary.paid_amount,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data.order_id as number;
}

test.describe('a new customer’s first address in Greater Thrissur (PIN 680555)', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test('sees that zone’s ₹60 fee and ₹299 minimum before placing, and cannot place below it', async ({
    page,
  }, testInfo) => {
    test.slow();
    await stubTiles(page);
    await signUp(page);
    const cheap = (await products(page)).find((p) => p.offer_price < 200)!;
    await addToCart(page, cheap.id, 1);
    await page.goto('/checkout');
    await hydrated(page, 'Checkout');
    await expect(page.getByText('No addresses found. Please add an address.')).toBeVisible();

    await page.getByRole('button', { name: 'Add New Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Address' });
    await dialog.getByLabel('Full Name').fill('Asha Menon');
    await dialog.getByRole('textbox', { name: 'Mobile Number' }).pressSequentially('9876543210');
    await dialog.getByLabel('Building Number').fill('7');
    await dialog.getByLabel('Street', { exact: true }).fill('Ollur Road');
    await dialog.getByLabel('City').fill('Thrissur');
    await dialog.getByLabel('Postal Code').pressSequentially('680555');
    await expect(dialog.locator('.leaflet-tile-loaded').first()).toBeAttached();
    await dialog.getByRole('application').click({ position: { x: 60, y: 60 } });
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await page.getByRole('alertdialog', { name: 'Address Saved' }).getByRole('button', { name: 'OK' }).click();
    await page
      .getByRole('dialog', { name: 'Select Shipping Address' })
      .getByRole('button', { name: 'Close Select Shipping Address' })
      .click();

    const summary = page.getByRole('region', { name: 'Order Summary' });
    const total = inr(cheap.offer_price + 60);
    await expect(summary.getByRole('definition').filter({ hasText: '₹60.00' })).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: total })).toBeVisible();
    await expect(summary).toContainText(
      'Delivery to Greater Thrissur: minimum order ₹299.00 · free delivery from ₹799.00',
    );
    const minimum = `The minimum order for delivery to Greater Thrissur is ₹299.00. Please add ${inr(299 - cheap.offer_price)} more to your cart.`;
    await expect(summary.getByRole('status').filter({ hasText: minimum })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Delivery Slot' }).getByText('Delivering to Greater Thrissur.'),
    ).toBeVisible();

    // The phone's bar: the same total and Place Order; pressing it explains and orders nothing.
    const bar = page.getByRole('region', { name: 'Total and Place Order' });
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(total);
    await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
    await bar.getByRole('button', { name: 'Place Order' }).click();
    await expect(summary.getByRole('alert')).toHaveText(minimum);
    await page.screenshot({ path: testInfo.outputPath('below-minimum-360.png') });
    // The bar, taller with its note, still leaves the footer's last line readable.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = (await page
      .getByRole('contentinfo')
      .getByText(/All rights reserved/)
      .boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
    expect(await myOrders(page)).toEqual([]);
  });
});

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  test.describe(`cash on delivery at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('ends on Order Confirmed, which stays, a reload included, with the order’s number, items, amount, payment, slot, tracking and invoice', async ({
      page,
    }, testInfo) => {
      test.slow();
      await signUp(page);
      await addAddress(page);
      const [first, second] = await products(page);
      await addToCart(page, first!.id, 2);
      await addToCart(page, second!.id, 1);
      await page.goto('/checkout');
      await checkoutLoaded(page);
      const phone = viewport.width < 768;
      const bar = page.getByRole('region', { name: 'Total and Place Order' });
      const quote = (await (await page.request.get('/api/customer/checkout-summary')).json()).data.summary;
      if (phone) {
        await expect(bar).toBeInViewport();
        await expect(bar).toContainText(inr(Number(quote.paid_amount)));
      } else {
        await expect(bar).toBeHidden();
      }
      await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
      await page.screenshot({ path: testInfo.outputPath(`checkout-${viewport.width}.png`), fullPage: !phone });
      await page.getByRole('button', { name: 'Place Order' }).click();

      await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
      const [order] = (await myOrders(page)) as unknown as {
        id: number;
        paid_amount: string;
        delivery_slot: { label: string };
      }[];
      /** Order Confirmed shows the order's number, units, amount, payment, slot, tracking and invoice. */
      const expectConfirmation = async () => {
        await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
        const details = page.getByRole('definition');
        await expect(details.filter({ hasText: `#${order!.id}` })).toBeVisible();
        await expect(details.filter({ hasText: '3 items' })).toBeVisible();
        await expect(details.filter({ hasText: inr(Number(order!.paid_amount)) })).toBeVisible();
        await expect(details.filter({ hasText: 'Cash on Delivery' })).toContainText('Pay in cash on delivery');
        await expect(details.filter({ hasText: order!.delivery_slot.label })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute(
          'href',
          `/track-order?order=${order!.id}`,
        );
        const invoice = page.getByRole('link', { name: /^Download invoice/ });
        await expect(invoice).toHaveAttribute('href', `/api/customer/orders/${order!.id}/invoice`);
        expect((await page.request.get((await invoice.getAttribute('href'))!)).headers()['content-type']).toContain(
          'application/pdf',
        );
        expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
      };
      await expectConfirmation();
      await page.screenshot({ path: testInfo.outputPath(`confirmed-${viewport.width}.png`), fullPage: true });

      // It stays until the customer leaves it: no hop to the home page.
      await page.waitForTimeout(6_000);
      await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/checkout');

      // A reload shows it again, the cart it came from empty by now.
      await page.reload();
      await hydrated(page, 'Checkout');
      expect(new URL(page.url()).pathname).toBe('/checkout');
      await expectConfirmation();

      // Continue shopping: home, with the order-success toast.
      await page.getByRole('link', { name: 'Continue shopping' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect(
        page.getByRole('status').filter({ hasText: `Your order #${order!.id} has been placed successfully!` }),
      ).toBeVisible();
    });
  });
}

test('/checkout?placed=N shows Order Confirmed to the customer who placed N, and to nobody else', async ({
  page,
  browser,
}) => {
  await signUp(page);
  await addAddress(page);
  const [first] = await products(page);
  await addToCart(page, first!.id, 1);
  const orderId = await placeCashOrderByApi(page);
  await page.goto(`/checkout?placed=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '1 item' })).toBeVisible();

  // Another customer, with an empty cart, is sent home as from any empty checkout.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const stranger = await other.newPage();
  await signUp(stranger, 'Ravi Kumar');
  await stranger.goto(`/checkout?placed=${orderId}`);
  expect(new URL(stranger.url()).pathname).toBe('/');
  await expect(stranger.getByRole('heading', { name: 'Order Confirmed' })).toHaveCount(0);
  await other.close();
});

test.describe('the address chosen at checkout', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('is still chosen after a trip to the cart and back, and after a reload', async ({ page }) => {
    test.slow();
    await signUp(page);
    await addAddress(page);
    await addAddress(page, '680555', 'Ravi Kumar');
    const [first] = await products(page);
    await addToCart(page, first!.id, 2);
    await page.goto('/checkout');
    await checkoutLoaded(page);
    const shipping = page.getByRole('region', { name: 'Shipping Address' });
    await expect(shipping).toContainText('Asha Menon');
    await shipping.getByRole('button', { name: 'Change' }).click();
    const chooser = page.getByRole('dialog', { name: 'Select Shipping Address' });
    await chooser.getByRole('button', { name: /^Select: Ravi Kumar/ }).click();
    await expect(shipping).toContainText('Ravi Kumar');
    await expect(page.getByRole('group', { name: 'Delivery Slot' })).toContainText('Delivering to Greater Thrissur.');

    // To the cart and back, as a customer does through the page's own links.
    await page.goto('/cart');
    await hydrated(page, 'CartPage');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await checkoutLoaded(page);
    await expect(shipping).toContainText('Ravi Kumar');
    await expect(shipping).not.toContainText('Asha Menon');
    await expect(page.getByRole('group', { name: 'Delivery Slot' })).toContainText('Delivering to Greater Thrissur.');

    await page.reload();
    await checkoutLoaded(page);
    await expect(shipping).toContainText('Ravi Kumar');
  });
});

test('checkout, cart, My Account and tracking fit the screen at 320, 360 and 1280 px', async ({ page }) => {
  test.slow();
  await signUp(page);
  await addAddress(page);
  await addAddress(page, '680555');
  const [first, second] = await products(page);
  await addToCart(page, first!.id, 2);
  const orderId = await placeCashOrderByApi(page);
  await addToCart(page, first!.id, 1);
  await addToCart(page, second!.id, 3);

  for (const width of [320, 360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, component] of [
      ['/checkout', 'Checkout'],
      ['/cart', null],
      ['/my-account', null],
      [`/track-order?order=${orderId}`, null],
    ] as const) {
      await page.goto(path);
      if (component) await checkoutLoaded(page);
      else await page.waitForLoadState('load');
      expect(await overflow(page), `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
});
