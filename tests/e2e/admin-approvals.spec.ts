/**
 * Two people for a large credit adjustment, at 1280 px: a manager asks for ₹5,000 credit for a
 * customer, it waits for approval; the owner approves it from the customers page and the credit is
 * there, on pages without `crypto.randomUUID` (as over plain HTTP). Screenshots of the waiting lists at 360 and 1280 px go to test-results/ for review.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 } });

async function customersPageAs(browser: Browser, mobile: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  // As a shop tablet reaching the server over plain HTTP on the local network: such a page has no
  // crypto.randomUUID (secure pages only), and the customers page must work without it.
  await context.addInitScript(() => {
    Reflect.deleteProperty(Crypto.prototype, 'randomUUID');
  });
  const page = await context.newPage();
  await staffSignInByApi(page, mobile, origin());
  await page.goto('/admin/customers');
  await hydrated(page, 'AdminCustomers');
  return page;
}

test('a manager asks for a large credit and the owner approves it', async ({ browser, request }) => {
  const name = `Approval ${Math.random().toString(36).slice(2, 8)}`;
  const phone = await createCustomer(request, name);

  const manager = await customersPageAs(browser, STAFF.manager.mobile, 1280);
  await manager.getByLabel('Mobile number or name').fill(phone);
  await manager.getByRole('button', { name: 'Find' }).click();
  await manager.getByRole('button', { name: new RegExp(name) }).click();
  const credit = manager.getByRole('form', { name: 'Adjust credit' });
  await credit.getByLabel('Amount (₹)').fill('5000');
  await credit.getByLabel('Reason').fill('Spoilt wedding order');
  await credit.getByRole('button', { name: 'Adjust credit' }).click();
  await expect(manager.locator('#main').getByRole('status')).toHaveText(
    'Waiting for approval: another owner or manager must approve it.',
  );
  const mine = manager.getByRole('region', { name: 'Waiting for approval', exact: true }).getByRole('listitem');
  await expect(mine).toContainText('Add ₹5,000.00 credit');
  await expect(mine).toContainText('Asked by you');
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // A new customer's demo credit line (₹1,000) is all there is until the owner approves.
  await expect(manager.getByText('Credit available').locator('..')).toContainText('₹1,000.00');
  await manager.screenshot({ path: 'test-results/approvals-manager-1280.png', fullPage: true });

  const owner = await customersPageAs(browser, STAFF.owner.mobile, 1280);
  const waiting = owner
    .getByRole('region', { name: 'Adjustments waiting for approval' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(waiting).toContainText('Add ₹5,000.00 credit');
  await expect(waiting).toContainText(`Asked by ${STAFF.manager.name}`);
  await expect(waiting).toContainText('Reason: Spoilt wedding order');
  expect(await seriousViolations(owner)).toEqual([]);
  await owner.screenshot({ path: 'test-results/approvals-owner-1280.png', fullPage: true });
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(owner.locator('#main').getByRole('status')).toHaveText(
    `Approved and applied: Add ₹5,000.00 credit for ${name}.`,
  );
  await expect(waiting).toHaveCount(0);

  await owner.getByLabel('Mobile number or name').fill(phone);
  await owner.getByRole('button', { name: 'Find' }).click();
  await owner.getByRole('button', { name: new RegExp(name) }).click();
  await expect(owner.getByText('Credit available').locator('..')).toContainText('₹6,000.00');
  await expect(owner.getByRole('table', { name: 'Credit transactions' })).toContainText('Spoilt wedding order');
});

test('the waiting lists fit a 360 px phone', async ({ browser, request }) => {
  const name = `Phone ${Math.random().toString(36).slice(2, 8)}`;
  const phone = await createCustomer(request, name);
  const manager = await customersPageAs(browser, STAFF.manager.mobile, 360);
  await manager.getByLabel('Mobile number or name').fill(phone);
  await manager.getByRole('button', { name: 'Find' }).click();
  await manager.getByRole('button', { name: new RegExp(name) }).click();
  const points = manager.getByRole('form', { name: 'Adjust points' });
  await points.getByLabel('Points').fill('1500');
  await points.getByLabel('Reason').fill('Loyalty bonus for the year');
  await points.getByRole('button', { name: 'Adjust points' }).click();
  const mine = manager.getByRole('region', { name: 'Waiting for approval', exact: true }).getByRole('listitem');
  await expect(mine).toContainText('Add 1,500 points');
  const overflow = await manager.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await manager.screenshot({ path: 'test-results/approvals-manager-360.png', fullPage: true });
  await mine.getByRole('button', { name: 'Cancel request' }).click();
  await expect(mine).toHaveCount(0);
});
