/**
 * Home page end to end (docs/storefront-rules.md#home-page), on a phone and a
 * desktop width, against the demo shop.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { describeScripts, recordScripts } from './script-bytes.ts';

/** Waits until the named island has hydrated (Astro drops the `ssr` attribute then). */
async function hydrated(page: Page, component: string) {
  await page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`).first().waitFor({ state: 'attached' });
}

/** The label ("2 of 4") of the banner slide in view; hidden slides are aria-hidden. */
const visibleSlide = (page: Page) => page.getByRole('region', { name: 'Featured offers' }).getByRole('group');

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`home at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the demo shop says so above the navigation (demo mode)', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('note', { name: 'Demo shop' })).toContainText('sign-in codes on screen');
    });

    test('banners show with dots, and a dot jumps to its banner', async ({ page }) => {
      await page.goto('/');
      await hydrated(page, 'BannerCarousel');
      const carousel = page.getByRole('region', { name: 'Featured offers' });
      const dots = carousel.getByRole('button', { name: /^Show banner/ });
      const count = await dots.count();
      expect(count).toBeGreaterThanOrEqual(2);
      await expect(visibleSlide(page)).toHaveAttribute('aria-label', `1 of ${count}`);
      await expect(visibleSlide(page).locator('img')).toBeVisible();

      await dots.nth(2 % count).click();
      await expect(visibleSlide(page)).toHaveAttribute('aria-label', `${(2 % count) + 1} of ${count}`);
      await expect(dots.nth(2 % count)).toHaveAttribute('aria-current', 'true');
      await expect(dots.first()).not.toHaveAttribute('aria-current', 'true');

      const cta = visibleSlide(page).getByRole('link');
      if ((await cta.count()) > 0) expect(await cta.getAttribute('href')).toMatch(/^(\/|https?:)/);
    });

    test('the carousel advances by itself and wraps around', async ({ page }) => {
      await page.goto('/');
      await hydrated(page, 'BannerCarousel');
      const count = await page.getByRole('button', { name: /^Show banner/ }).count();
      await page.getByRole('button', { name: `Show banner ${count} of ${count}`, exact: false }).click();
      await page.mouse.move(1, viewport.height - 1);
      await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await expect(visibleSlide(page)).toHaveAttribute('aria-label', `${count} of ${count}`);
      // 5 s later it wraps from the last banner to the first.
      await expect(visibleSlide(page)).toHaveAttribute('aria-label', `1 of ${count}`, { timeout: 8_000 });
    });

    test('the pause button stops the rotation', async ({ page }) => {
      await page.clock.install();
      await page.goto('/');
      await hydrated(page, 'BannerCarousel');
      await page.getByRole('button', { name: 'Pause banners' }).click();
      await page.mouse.move(1, viewport.height - 1);
      // More than one 5 s interval passes on the page's clock.
      await page.clock.runFor(6_000);
      await expect(visibleSlide(page)).toHaveAttribute('aria-label', /^1 of /);
      await expect(page.getByRole('button', { name: 'Play banners' })).toBeVisible();
    });

    test('mouse drag changes banners only past 20% of the width on wide screens', async ({ page }) => {
      await page.goto('/');
      await hydrated(page, 'BannerCarousel');
      await page.getByRole('button', { name: 'Pause banners' }).click();
      const box = (await visibleSlide(page).boundingBox())!;
      const y = box.y + box.height * 0.8;
      const drag = async (fraction: number) => {
        await page.mouse.move(box.x + box.width * 0.6, y);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * (0.6 - fraction), y, { steps: 8 });
        await page.mouse.up();
      };
      await drag(0.1);
      await expect(visibleSlide(page)).toHaveAttribute('aria-label', /^1 of /);
      await drag(0.3);
      // Under 768 px the mouse cannot drag at all.
      await expect(visibleSlide(page)).toHaveAttribute('aria-label', viewport.width >= 768 ? /^2 of / : /^1 of /);
    });

    test('the arrows scroll the category strip', async ({ page }) => {
      await page.goto('/');
      await hydrated(page, 'CategoryScroller');
      const strip = page.getByRole('list', { name: 'Shop by Categories' });
      await expect(strip.getByRole('link').first()).toHaveAttribute('href', /^\/category\/\d+\/subcategories$/);
      const right = page.getByRole('button', { name: 'Scroll categories right' });
      const left = page.getByRole('button', { name: 'Scroll categories left' });
      const overflows = await strip.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      if (!overflows) {
        // Every category fits: there is nothing to scroll, so the arrows are not offered.
        await expect(right).toBeHidden();
        await expect(left).toBeHidden();
        return;
      }
      await expect(left).toBeHidden();
      await right.click();
      await expect
        .poll(() => strip.evaluate((el) => Math.round(el.scrollLeft)))
        .toBeGreaterThanOrEqual(Math.min(200, await strip.evaluate((el) => el.scrollWidth - el.clientWidth)));
      await expect(left).toBeVisible();
      await left.click();
      await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBe(0);
    });

    test('View All opens a dialog listing every category; Escape closes it', async ({ page }) => {
      await page.goto('/');
      await hydrated(page, 'CategoryScroller');
      const stripLinks = await page.getByRole('list', { name: 'Shop by Categories' }).getByRole('link').count();
      const viewAll = page.getByRole('button', { name: 'View All' });
      await viewAll.click();
      const dialog = page.getByRole('dialog', { name: 'All Categories' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link')).toHaveCount(stripLinks);
      await expect(dialog.getByRole('link').first()).toHaveAttribute('href', /^\/category\/\d+\/subcategories$/);
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      // Tab stays inside the dialog.
      for (let i = 0; i < stripLinks + 2; i++) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(viewAll).toBeFocused();
    });

    test('a promo tile leads to its category', async ({ page }) => {
      await page.goto('/');
      const tiles = page.getByRole('region', { name: 'Offers' }).getByRole('link', { name: /^Shop Now/ });
      await expect(tiles).toHaveCount(2);
      await expect(tiles.nth(1)).toHaveAttribute('href', '/category/3/subcategories');
      await tiles.first().click();
      await expect(page).toHaveURL(/\/category\/1\/subcategories$/);
    });

    test('at most 10 products, with percent-off badges only on discounts', async ({ page }) => {
      await page.goto('/');
      const cards = page.getByRole('region', { name: 'Products', exact: true }).locator('article');
      const n = await cards.count();
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(10);
      const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
      for (let i = 0; i < n; i++) {
        const card = cards.nth(i);
        const badge = card.getByText(/% OFF$/);
        const mrp = card.locator('s');
        if ((await badge.count()) === 0) continue;
        const price = rupees((await card.innerText()).match(/₹[\d,]+(\.\d+)?/)![0]);
        const was = rupees((await mrp.innerText()).replace('MRP', ''));
        expect(price).toBeLessThan(was);
        expect(await badge.innerText()).toBe(`${Math.round(((was - price) / was) * 100)}% OFF`);
      }
    });

    test('a stored order-success message shows once, then is gone', async ({ page }) => {
      // Stored from another page of the shop, as checkout does before coming home.
      await page.goto('/healthz');
      await page.evaluate(() => localStorage.setItem('orderSuccess', 'Your order has been placed successfully!'));
      await page.goto('/');
      const toast = page.getByRole('status').filter({ hasText: 'Your order has been placed successfully!' });
      await expect(toast).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('orderSuccess'))).toBeNull();
      await expect(toast).toBeHidden({ timeout: 6_000 });
      await page.clock.install();
      await page.reload();
      await hydrated(page, 'OrderSuccessToast');
      // Nothing shows however long the page stays open.
      await page.clock.runFor(1_000);
      await expect(page.getByText('Your order has been placed successfully!')).toHaveCount(0);
    });

    test('has no serious accessibility violations', async ({ page }) => {
      await page.goto('/');
      await hydrated(page, 'BannerCarousel');
      await hydrated(page, 'CategoryScroller');
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}

test('the home page loads at most 110 KB of gzipped JavaScript once its islands have woken up', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await hydrated(page, 'BannerCarousel');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await hydrated(page, 'CategoryScroller');
  await page.waitForLoadState('networkidle');
  const loaded = await scripts();
  expect(loaded.total, describeScripts(loaded.scripts)).toBeLessThanOrEqual(110 * 1024);
});

test.describe('home on a touch screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a swipe changes the banner only past 50 px', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'BannerCarousel');
    await page.getByRole('button', { name: 'Pause banners' }).tap();
    const box = (await visibleSlide(page).boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (dx: number) => {
      const x = box.x + box.width * 0.8;
      const y = box.y + box.height * 0.85;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let i = 1; i <= 10; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - (dx * i) / 10, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      // The banner in view has settled in the frame before the next swipe.
      await expect
        .poll(async () => Math.round((await visibleSlide(page).boundingBox())?.x ?? -1))
        .toBe(Math.round(box.x));
    };
    await swipe(40);
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', /^1 of /);
    await swipe(70);
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', /^2 of /);
    await swipe(-70);
    await swipe(-70);
    // Swiping back past the first banner wraps to the last.
    const count = await page.getByRole('button', { name: /^Show banner/ }).count();
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', `${count} of ${count}`);
  });
});

test.describe('home with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('banners do not rotate on their own until Play is pressed', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await hydrated(page, 'BannerCarousel');
    const play = page.getByRole('button', { name: 'Play banners' });
    await expect(play).toBeVisible();
    await page.clock.runFor(5_500);
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', /^1 of /);
    await play.click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(5_500);
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', /^2 of /);
  });
});

test.describe('home without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the first banner, categories and products are server-rendered', async ({ page }) => {
    await page.goto('/');
    const slide = visibleSlide(page);
    await expect(slide).toHaveAttribute('aria-label', /^1 of /);
    await expect(slide.locator('img')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Shop by Categories' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Products', exact: true }).locator('article').first()).toBeVisible();
  });

  test('the page describes the shop as a GroceryStore in Thrissur', async ({ page }) => {
    await page.goto('/');
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    const store = data.find((d) => d['@type'] === 'GroceryStore');
    expect(store).toMatchObject({
      name: expect.any(String),
      address: { addressLocality: 'Thrissur', addressRegion: 'Kerala', addressCountry: 'IN' },
      areaServed: { name: 'Thrissur' },
    });
    await expect(page).toHaveTitle(/Bringing farm fresh goodness to your doorstep!/);
  });
});
