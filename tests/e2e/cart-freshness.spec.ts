/**
 * The cart between the happy paths: on a phone network (300 ms per call), five taps on + made
 * while the first call is on its way end at the quantity tapped, in fewer calls than taps, and the
 * badge only ever shows the server's count; the badge follows a change made in another tab at
 * once, and one made on another device when the page comes back into view. At a phone and a
 * desktop width.
 */
import { expect, type Page, test } from '@playwright/test';
import { cartControl, createCustomer, hydrated, origin } from './session-helpers.ts';

async function productInStock(page: Page, min: number): Promise<{ id: number; name: string }> {
  const home = await (await page.request.get('/api/customer/home')).json();
  const found = (home.data.products as { id: number; name: string; stock: number }[]).find((p) => p.stock >= min);
  if (!found) throw new Error(`no product with ${min} in stock`);
  return found;
}

async function add(page: Page, productId: number, qty: number): Promise<void> {
  const res = await page.request.post('/api/customer/add-product', {
    data: { product_id: productId, qty },
    headers: origin(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function serverQty(page: Page): Promise<number> {
  return (await (await page.request.get('/api/customer/my-cart')).json()).data.summary.item_count;
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('five quick taps on a slow network end at six, and the badge shows only what the server holds', async ({
      page,
    }) => {
      await createCustomer(page.request);
      const product = await productInStock(page, 10);
      await add(page, product.id, 1);
      // A phone network: every quantity call takes 300 ms, and the first one is still on its way
      // when the last of the five taps lands (however slowly this machine clicks).
      let calls = 0;
      const held = new Set([1]); // quantities the server held at some point
      let tapsDone = () => {};
      const allTapped = new Promise<void>((resolve) => {
        tapsDone = resolve;
      });
      await page.route('**/api/customer/set-qty', async (route) => {
        calls += 1;
        held.add(Number((route.request().postDataJSON() as { qty: number }).qty));
        if (calls === 1) await allTapped;
        await new Promise((r) => setTimeout(r, 300));
        await route.continue();
      });
      await page.goto('/cart');
      await hydrated(page, 'CartPage');
      const row = page.getByRole('row').filter({ hasText: product.name });
      const plus = row.getByRole('button', { name: `Increase quantity of ${product.name}` });
      const badgeCounts = new Set<string>();
      await page.exposeFunction('recordBadge', (label: string) => badgeCounts.add(label));
      await page.evaluate(() => {
        const link = document.querySelector('nav[aria-label="Main"] [data-cart-link]')!;
        new MutationObserver(() =>
          (window as unknown as { recordBadge(l: string): void }).recordBadge(link.getAttribute('aria-label') ?? ''),
        ).observe(link, { attributes: true, attributeFilter: ['aria-label'] });
      });
      for (let i = 0; i < 5; i++) await plus.click();
      tapsDone();
      await expect(
        row.getByRole('group', { name: `Quantity of ${product.name}`, exact: true }).locator('output'),
      ).toHaveText('6');
      await expect(row.getByRole('group', { name: `Quantity of ${product.name}` })).toHaveAttribute(
        'aria-busy',
        'false',
      );
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 6 items');
      expect(await serverQty(page)).toBe(6);
      // Coalesced: fewer calls than taps, and the badge never showed a count the server did not
      // hold (which counts it held depends on how the taps fell between the slow calls).
      expect(calls).toBeLessThan(5);
      for (const label of badgeCounts) expect([...held]).toContain(Number(/Cart, (\d+) item/.exec(label)?.[1]));
    });

    test('the badge follows another tab at once and another device when the page is back in view', async ({
      page,
      context,
    }) => {
      await createCustomer(page.request);
      const product = await productInStock(page, 10);
      await add(page, product.id, 1);
      await page.goto('/shop');
      // No cart island has hydrated on this page: the badge alone must follow.
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

      const other = await context.newPage();
      await other.goto('/cart');
      await hydrated(other, 'CartPage');
      await other
        .getByRole('button', { name: `Increase quantity of ${product.name}` })
        .first()
        .click();
      await expect(cartControl(other)).toHaveAttribute('aria-label', 'Cart, 2 items');
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
      await other.close();

      // Another device (the API without this browser's tabs) adds three more.
      await add(page, product.id, 3);
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(cartControl(page)).toHaveAttribute('aria-label', 'Cart, 5 items');
    });
  });
}
