/**
 * No page scrolls sideways on a phone: every storefront page a customer walks through (home, a
 * category, a product, search, cart and checkout with items, My Account, tracking an order,
 * wishlist) and every back-office page staff use (board, an order, picking, products, staff) is
 * no wider than the screen at 320 and 360 px (and at 1280). Wide tables scroll inside their own
 * box; the page itself does not. On a phone's checkout, the bar with the total and Place Order is
 * on screen.
 */
import { expect, type Page, test } from '@playwright/test';
import { placeSlotOrder, STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { checkoutLoaded, originHeader, signUp, stubTiles } from './checkout-helpers.ts';

/**
 * How many pixels the page is wider than the screen (0 or less: no sideways scroll). The screen's
 * width is the one set, not `innerWidth`: a phone browser widens its layout viewport to fit a
 * page that is too wide, which would hide the overflow.
 */
const overflow = (page: Page, width: number) =>
  page.evaluate((screen) => document.documentElement.scrollWidth - screen, width);

/**
 * The elements where the overflow starts, to name in a failure: past the screen's right edge
 * while their parent is not (boxes fixed to the viewport, which a widened viewport stretches, aside).
 */
const culprits = (page: Page, width: number) =>
  page.evaluate((screen) => {
    const past = (el: Element | null) => !!el && el.getBoundingClientRect().right > screen + 0.5;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => past(el) && !past(el.parentElement) && getComputedStyle(el).position !== 'fixed')
      .slice(0, 5)
      .map((el) =>
        `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 30)}"`.slice(0, 160),
      );
  }, width);

async function expectFits(page: Page, name: string, width: number, outputPath: string): Promise<void> {
  await page.screenshot({ path: outputPath, fullPage: true });
  const over = await overflow(page, width);
  expect(
    over,
    `${name} at ${width}px is ${over}px too wide: ${(await culprits(page, width)).join(' | ')}`,
  ).toBeLessThanOrEqual(0);
}

for (const width of [320, 360, 1280]) {
  const phone = width < 768;
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, ...(phone ? { hasTouch: true, isMobile: true } : {}) });

    test('no storefront or back-office page scrolls sideways', async ({ page }, testInfo) => {
      test.slow();
      await stubTiles(page);
      await signUp(page);
      const home = (await (await page.request.get('/api/customer/home')).json()).data.products as {
        id: number;
        stock: number;
      }[];
      const [first, second] = home.filter((p) => p.stock > 3);
      const orderId = await placeSlotOrder(page.request, [first!.id, second!.id], 'cod', originHeader(page));
      for (const id of [first!.id, second!.id]) {
        const added = await page.request.post('/api/customer/add-product', {
          form: { product_id: String(id), qty: '2' },
          headers: originHeader(page),
        });
        expect(added.status(), await added.text()).toBe(200);
      }
      const wished = await page.request.put('/api/wishlists', {
        data: { productId: first!.id },
        headers: originHeader(page),
      });
      expect(wished.ok(), await wished.text()).toBe(true);

      const storefront: [string, string][] = [
        ['home', '/'],
        ['category', '/category/1/subcategories'],
        ['product', `/product/${first!.id}`],
        ['search', '/search?q=tomato'],
        ['cart', '/cart'],
        ['my-account', '/my-account'],
        ['track-order', `/track-order?order=${orderId}`],
        ['grievance', '/grievance'],
        ['wishlist', '/wishlist'],
      ];
      for (const [name, path] of storefront) {
        await page.goto(path);
        await page.waitForLoadState('load');
        await expectFits(page, name, width, testInfo.outputPath(`${name}-${width}.png`));
        // The cart's rows are laid out differently on phones: axe checks them as laid out.
        if (name === 'cart') expect(await seriousViolations(page)).toEqual([]);
      }

      await page.goto('/checkout');
      await checkoutLoaded(page);
      const bar = page.getByRole('region', { name: 'Total and Place Order' });
      if (phone) {
        await expect(bar).toBeInViewport();
        await expect(bar.getByRole('button', { name: 'Place Order' })).toBeInViewport();
        await expect(bar).toContainText(/₹[\d,]+\.\d\d/);
      } else {
        await expect(bar).toBeHidden();
      }
      await expectFits(page, 'checkout', width, testInfo.outputPath(`checkout-${width}.png`));

      await staffSignInByApi(page, STAFF.owner.mobile, originHeader(page));
      const backOffice: [string, string][] = [
        ['admin-board', '/admin'],
        ['admin-order', `/admin/orders/${orderId}`],
        ['admin-picking', '/admin/picking'],
        ['admin-products', '/admin/products'],
        ['admin-staff', '/admin/staff'],
      ];
      for (const [name, path] of backOffice) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await page.waitForLoadState('load');
        await expectFits(page, name, width, testInfo.outputPath(`${name}-${width}.png`));
        // The back-office menu wraps onto rows on phones: axe checks it as laid out.
        if (name === 'admin-board') expect(await seriousViolations(page)).toEqual([]);
      }
    });
  });
}
