/**
 * Static content pages: they ship at most 60 KB of gzipped JavaScript (every script
 * the page loads once its lazy islands have hydrated at phone and desktop widths, plus inline
 * scripts), the FAQ's native disclosures work from the keyboard, and the pages pass axe.
 */
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const BUDGET_BYTES = 60 * 1024;
const STATIC_PAGES = [
  '/about',
  '/faq',
  '/contact-us',
  '/terms-and-conditions',
  '/shipping',
  '/blog',
  '/blog/onam-sadya-shopping-list',
];

/** Loads a page and returns the gzipped size of all JavaScript it ran, in bytes, by script. */
async function gzippedScriptBytes(
  page: Page,
  path: string,
): Promise<{ total: number; scripts: Record<string, number> }> {
  const scripts: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => {
          scripts[new URL(res.url()).pathname] = gzipSync(body).length;
        },
        () => undefined,
      ),
    );
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.setViewportSize({ width: 375, height: 812 });
  // Scripts that start on resize or when idle have been requested once the network is idle again.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1_000 })));
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module')
      .map((s) => s.textContent ?? '')
      .join('\n'),
  );
  scripts['(inline)'] = gzipSync(Buffer.from(inline)).length;
  return { total: Object.values(scripts).reduce((a, b) => a + b, 0), scripts };
}

for (const path of STATIC_PAGES) {
  test(`${path} ships no more than 60 KB of gzipped JavaScript`, async ({ page }) => {
    const { total, scripts } = await gzippedScriptBytes(page, path);
    expect(total, JSON.stringify(scripts, null, 1)).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}

test('FAQ questions open and close from the keyboard', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  const first = page.locator('details').filter({ has: page.locator('summary', { hasText: 'Where do you deliver?' }) });
  const second = page
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: 'When will my order arrive?' }) });
  const answer = second.getByText('Orders placed before 5 PM in Central Thrissur and before 12 PM in Greater Thrissur');
  await expect(answer).toBeHidden();

  await first.locator('summary').focus();
  await page.keyboard.press('Tab');
  await expect(second.locator('summary')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('open', '');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(second).not.toHaveAttribute('open');
  await expect(answer).toBeHidden();
});

test('/company shows the about page and contact details come from configuration', async ({ page }) => {
  await page.goto('/company');
  await expect(page.getByRole('heading', { level: 1, name: 'About FarmFresh' })).toBeVisible();
  await page.goto('/contact-us');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
  await expect(main.getByRole('link', { name: /^\+?[\d\s\u00a0]+$/ }).first()).toHaveAttribute('href', /^tel:/);
  await expect(main).not.toContainText('{email}');
});

for (const path of ['/faq', '/contact-us', '/blog', '/shipping']) {
  test(`${path} has no automatically detectable accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

/** The demo shop's zones as the policy pages state them (src/features/delivery/data/zones.json). */
const CENTRAL_SLOTS = '8–10 AM, 10 AM–12 PM, 12–2 PM, 4–6 PM, 6–8 PM and 8–10 PM';
const DEMO_SUMMARY =
  'Central Thrissur: ₹40 delivery, free from ₹499, no minimum order. Greater Thrissur: ₹60 delivery, free from ₹799, minimum order ₹299.';

test('Shipping lists each delivery zone with its own fee, minimum, slots and same-day cut-off', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/shipping');
  const zones = page.getByRole('list', { name: 'Delivery zones' });
  /** What a zone's card says under `term`. */
  const detail = (zone: string, term: string) =>
    zones
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: zone }) })
      .locator('div')
      .filter({ has: page.getByRole('term').filter({ hasText: term }) })
      .getByRole('definition');
  await expect(detail('Central Thrissur', 'Area')).toHaveText(
    'PIN codes 680001–680012, 680020–680022, 680027 and 680028',
  );
  await expect(detail('Central Thrissur', 'Delivery fee')).toHaveText('₹40 on orders below ₹499; free from ₹499');
  await expect(detail('Central Thrissur', 'Minimum order')).toHaveText('None');
  await expect(detail('Central Thrissur', 'Delivery slots')).toHaveText(`${CENTRAL_SLOTS}, every day`);
  await expect(detail('Central Thrissur', 'Same-day delivery')).toContainText(
    'Order before 5 PM for a slot the same day. Each slot closes 2 hours before it starts.',
  );
  await expect(detail('Greater Thrissur', 'Area')).toHaveText('Other PIN codes starting with 680');
  await expect(detail('Greater Thrissur', 'Delivery fee')).toHaveText('₹60 on orders below ₹799; free from ₹799');
  await expect(detail('Greater Thrissur', 'Minimum order')).toHaveText('₹299');
  await expect(detail('Greater Thrissur', 'Delivery slots')).toHaveText('9–11 AM and 4–6 PM, every day');
  await expect(detail('Greater Thrissur', 'Same-day delivery')).toContainText(
    'Order before 12 PM for a slot the same day. Each slot closes 3 hours before it starts.',
  );
  await expect(page.getByRole('main')).toContainText(DEMO_SUMMARY);
});

for (const path of ['/help', '/faq', '/terms-and-conditions', '/about']) {
  test(`${path} states the demo zones' fees, minimums and slots`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main).toContainText(DEMO_SUMMARY);
    await expect(main).toContainText(`in Central Thrissur ${CENTRAL_SLOTS}; in Greater Thrissur 9–11 AM and 4–6 PM`);
    await expect(main).not.toContainText('no minimum order value');
  });
}

test('refund periods agree: 5–7 working days on the returns, payments and FAQ pages', async ({ page }) => {
  for (const path of ['/product-returns', '/payments', '/faq']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main, path).toContainText('5–7 working days');
    await expect(main, path).not.toContainText('business days');
  }
});

test('Shipping fits a 360 px phone and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/shipping');
  await expect(page.getByRole('heading', { level: 3, name: 'Greater Thrissur' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
