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
  const answer = second.getByText('Orders placed before 5 PM are delivered the same day');
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

for (const path of ['/faq', '/contact-us', '/blog']) {
  test(`${path} has no automatically detectable accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
