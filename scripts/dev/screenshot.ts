/**
 * Developer aid: full-page screenshots of a URL at a phone (375 px) and a desktop (1280 px)
 * width in Debian's Chromium, for looking at a page while building it.
 * Usage: node scripts/dev/screenshot.ts URL OUT_PREFIX   → OUT_PREFIX-375.png, OUT_PREFIX-1280.png
 */
import { chromium } from '@playwright/test';

const [url, prefix = '/tmp/shot'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/dev/screenshot.ts URL OUT_PREFIX');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 812 : 900 } });
  page.on('console', (m) => m.type() === 'error' && console.error(`[${width}] console:`, m.text()));
  page.on('pageerror', (e) => console.error(`[${width}] pageerror:`, e.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: true });
  console.log(`${prefix}-${width}.png`);
  await page.close();
}
await browser.close();
