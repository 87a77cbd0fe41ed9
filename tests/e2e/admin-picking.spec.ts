/**
 * The picking list in the browser: a packer chooses a day and a slot with the picker, sees the
 * slot's products by category with a tick box each, downloads the CSV and opens the packing
 * slips; at 1280 px, at 375 px (nothing scrolls sideways) and in print media (no navigation,
 * tick boxes still there). Axe finds no serious issue on any of them.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { origin } from './session-helpers.ts';

const PACKER = '+919447000103';

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Signs the page's context in as the demo packer (OTP through the API, the demo code). */
async function signInPacker(page: Page): Promise<void> {
  const sent = await page.request.post('/api/admin/login/otp', { data: { mobile: PACKER }, headers: origin() });
  const otp = (await sent.json()).data.demo_otp;
  const login = await page.request.post('/api/admin/login', { data: { mobile: PACKER, otp }, headers: origin() });
  expect(login.status(), await login.text()).toBe(200);
}

/** A slot of the board (today or tomorrow) with orders still to pick: its date, start and window. */
async function busySlot(page: Page): Promise<{ date: string; start: string; window: string }> {
  const board = (await (await page.request.get('/api/admin/board')).json()).data as {
    days: { slots: { slot_id: string; window: string; counts: Record<string, number> }[] }[];
  };
  const slot = board.days.flatMap((d) => d.slots).find((s) => (s.counts.placed ?? 0) + (s.counts.processed ?? 0) > 0);
  expect(slot, 'the demo shop seeds orders in today’s slots').toBeTruthy();
  return { date: slot!.slot_id.slice(0, 10), start: slot!.slot_id.slice(11), window: slot!.window };
}

test('a packer picks a slot, ticks a product, downloads the CSV, prints, and opens the slips', async ({ page }) => {
  test.slow();
  await signInPacker(page);
  const slot = await busySlot(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Picking list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Picking list' })).toBeVisible();
  await page.getByLabel('Date').fill(slot.date);
  await page.getByLabel('Slot').selectOption({ value: slot.start });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${slot.date}&slot=${slot.start.replace(':', '(:|%3A)')}`));
  await expect(page.getByText(/\d+ orders? to pick/)).toBeVisible();
  const ticks = page.getByRole('checkbox', { name: /^Picked: / });
  expect(await ticks.count()).toBeGreaterThan(0);
  await ticks.first().check();
  await expect(ticks.first()).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/picking-1280.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`picking-${slot.date}-${slot.start.replace(':', '')}.csv`);

  // Print: no header or navigation, black on white, the tick boxes still there.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show' })).toBeHidden();
  await expect(ticks.first()).toBeVisible();
  const colours = await page
    .locator('main h2')
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.color, getComputedStyle(document.body).backgroundColor];
    });
  expect(colours).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/picking-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // A phone: everything fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The table fits too: the quantities are on screen without scrolling it.
  const table = page.locator('main table').first();
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/picking-375.png', fullPage: true });

  await page.getByRole('link', { name: 'Packing slips' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Packing slips' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Order #\d+$/ }).first()).toBeVisible();
  await expect(page.getByText('To pay', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/slips-375.png', fullPage: true });
  await page.emulateMedia({ media: 'print' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/slips-print.png', fullPage: true });
});
