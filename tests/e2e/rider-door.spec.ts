/**
 * The rider at the door on a 375 px phone: one cash order delivered in part (one line handed back,
 * the amount due shown before confirming, the cash collected entered), one "not at home"; the
 * customer's tracking page says what was handed back and that the other order came back; the owner
 * reschedules that one to a new slot, its toast clear of the header at 360 and 1280 px, and the
 * customer's page keeps the failed trip beside the new slot; the owner's day-end handover shows the rider's expected cash against what was received, with a reason for the
 * difference. Axe finds no serious issue on the door flow and the cash page. Screenshots at 375 and
 * 1280 px go to test-results/.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { placeSlotOrder, STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

type Product = { id: number; name: string; stock: number; weight: number | null };

/** The owner sends an order out with the rider: rider assigned, processed, out for delivery. */
async function sendOut(owner: APIRequestContext, orderId: number) {
  const order = (await (await owner.get(`/api/admin/orders/${orderId}`)).json()).data.order;
  const rider = order.riders.find((r: { name: string }) => r.name === STAFF.rider.name);
  const assigned = await owner.put(`/api/admin/orders/${orderId}/rider`, {
    data: { rider_id: rider.id },
    headers: origin(),
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  for (const step of ['processed', 'out-for-delivery']) {
    const moved = await owner.post(`/api/admin/orders/${orderId}/${step}`, { headers: origin() });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** The latest toast is showing and covers no part of the back office's header (its navigation). */
async function toastClearOfHeader(p: Page, width: number) {
  await p.setViewportSize({ width, height: 800 });
  const toast = p.locator('#toast-status > p').last();
  await expect(toast).toBeVisible();
  await expect
    .poll(async () => {
      const t = (await toast.boundingBox())!;
      const h = (await p.locator('body > header').boundingBox())!;
      return t.y >= h.y + h.height || t.y + t.height <= h.y;
    })
    .toBe(true);
  await p.screenshot({ path: `test-results/rider-door-toast-${width}.png` });
}
/** Paise as the shop writes money, e.g. 53400 → "₹534.00", 123456 → "₹1,234.56". */
const rupeeText = (paise: number) => {
  const whole = String(Math.floor(paise / 100));
  const grouped =
    whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  return `₹${grouped}.${String(paise % 100).padStart(2, '0')}`;
};

const shoot = async (page: Page, name: string) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 800 });
};

test('a rider delivers in part with cash and records not at home; the owner’s handover shows expected against received', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const customerContext = await browser.newContext({ baseURL });
  const customer = customerContext.request;
  await createCustomer(customer);
  const all = (await (await customer.get('/api/customer/products/0?pageSize=100')).json()).data.products as Product[];
  const packs = all.filter((p) => p.stock > 50 && !p.weight);
  const [first, second] = packs.length >= 2 ? packs : all.filter((p) => p.stock > 50);
  const partOrder = await placeSlotOrder(customer, [first!.id, second!.id], 'cod', origin());
  const awayOrder = await placeSlotOrder(customer, [first!.id], 'cod', origin());

  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  await staffSignInByApi(ownerPage, STAFF.owner.mobile, origin());
  await sendOut(ownerPage.request, partOrder);
  await sendOut(ownerPage.request, awayOrder);

  // The rider, on a phone: delivered in part, one line handed back.
  await page.setViewportSize({ width: 375, height: 800 });
  await staffSignInByApi(page, STAFF.rider.mobile, origin());
  await page.goto(`/admin/orders/${partOrder}`);
  await hydrated(page, 'StaffOrderView');
  const door = page.getByRole('region', { name: 'At the door' });
  await expect(door).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as delivered' })).toHaveCount(0);
  await door.getByRole('button', { name: /^Delivered in part/ }).click();
  const flow = page.getByRole('region', { name: 'Delivered in part' });
  const handedBack = flow.getByRole('group', { name: 'How much of each item was handed back?' });
  await handedBack.getByRole('spinbutton').first().fill('1');
  await expect(flow.getByText(/^Handed back: −₹/)).toBeVisible();
  // Each handed-back line needs the rider's reason.
  await flow.getByRole('button', { name: 'Confirm delivery in part' }).click();
  await expect(flow.getByText('Choose why each item was handed back.')).toBeVisible();
  await handedBack.getByRole('combobox', { name: /^Why was .* handed back\?$/ }).selectOption({ label: 'Damaged' });
  const dueText = (await flow.locator('[data-due]').textContent()) ?? '';
  const due = dueText.match(/Collect ₹([\d,.]+)/)![1]!.replace(/,/g, '');
  await expect(flow.getByLabel('Cash collected (₹)')).toHaveValue(due);
  // Less cash than due is not recorded until the rider confirms it; the exact amount then is.
  const duePaise = Math.round(Number(due) * 100);
  const short = ((duePaise - 1000) / 100).toFixed(2);
  await flow.getByLabel('Cash collected (₹)').fill(short);
  await flow.getByRole('button', { name: 'Confirm delivery in part' }).click();
  await expect(
    flow.getByText(
      `₹10.00 less than the ${rupeeText(duePaise)} due — confirm you collected ${rupeeText(duePaise - 1000)}?`,
    ),
  ).toBeVisible();
  await expect(flow.getByRole('button', { name: `Yes, I collected ${rupeeText(duePaise - 1000)}` })).toBeVisible();
  await shoot(page, 'rider-door-short');
  await flow.getByRole('button', { name: 'Change the amount' }).click();
  await expect(flow.getByLabel('Cash collected (₹)')).toBeFocused();
  await flow.getByLabel('Cash collected (₹)').fill(due);
  await flow.getByLabel('Note (optional)').fill('Bruised pack handed back');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'rider-door-part');
  await flow.getByRole('button', { name: 'Confirm delivery in part' }).click();
  const recorded = page.getByRole('region', { name: 'At the door: Delivered in part' });
  await expect(recorded).toBeVisible();
  await expect(recorded.locator('[data-collected]')).toContainText(`₹${due} cash`);
  await expect(page.getByRole('button', { name: 'Confirm delivery in part' })).toHaveCount(0);
  await expect(page.getByText(/At the door: Delivered in part — handed back 1 .* \(damaged\)/)).toBeVisible();

  // The second order: not at home.
  await page.goto(`/admin/orders/${awayOrder}`);
  await hydrated(page, 'StaffOrderView');
  await page
    .getByRole('region', { name: 'At the door' })
    .getByRole('button', { name: /^Not at home/ })
    .click();
  await page.getByLabel('What happened? (optional)').fill('Door locked, phone off');
  await page.getByRole('button', { name: 'Confirm: not at home' }).click();
  await expect(page.getByRole('region', { name: 'At the door: Not at home' })).toBeVisible();
  await expect(page.getByText('Not delivered').first()).toBeVisible();

  // The customer's tracking pages follow.
  const customerPage = await customerContext.newPage();
  await customerPage.setViewportSize({ width: 375, height: 800 });
  await customerPage.goto(`/track-order?order=${partOrder}`);
  await expect(customerPage.getByText(/Handed back at the door: 1 .* not charged/)).toBeVisible();
  await customerPage.goto(`/track-order?order=${awayOrder}`);
  await expect(customerPage.getByText(/We could not deliver your order/)).toBeVisible();
  // The trip shows as tried and failed, not as a step still to come.
  const progress = customerPage.getByRole('list', { name: 'Order progress' });
  await expect(
    progress.getByRole('listitem').filter({ hasText: 'Out for delivery — we could not deliver it' }),
  ).toHaveAttribute('aria-current', 'step');
  await expect(progress).not.toContainText('Out for delivery (not yet)');

  // The owner reschedules the order that came back: processed again in a new slot.
  await ownerPage.setViewportSize({ width: 375, height: 800 });
  await ownerPage.goto(`/admin/orders/${awayOrder}`);
  await hydrated(ownerPage, 'StaffOrderView');
  const back = ownerPage.getByRole('region', { name: 'At the door: Not at home' });
  await expect(back).toContainText('Door locked, phone off');
  const slotChoice = back.getByLabel('Reschedule to');
  await slotChoice.selectOption({ index: 1 });
  await shoot(ownerPage, 'rider-door-reschedule');
  await back.getByRole('button', { name: 'Reschedule' }).click();
  await expect(ownerPage.getByRole('status').filter({ hasText: 'Rescheduled' })).toBeVisible();
  // The toast covers no navigation: at the bottom of a phone, below the header on a desktop.
  await toastClearOfHeader(ownerPage, 360);
  await toastClearOfHeader(ownerPage, 1280);
  await ownerPage.setViewportSize({ width: 375, height: 800 });
  await expect(ownerPage.getByRole('heading', { name: `Order #${awayOrder}`, level: 1 }).locator('..')).toContainText(
    'Processed',
  );

  // The customer sees the failed trip and the new slot.
  await customerPage.goto(`/track-order?order=${awayOrder}`);
  await expect(progress.getByText('Out for delivery — we could not deliver it')).toBeVisible();
  await expect(progress.getByRole('listitem').filter({ hasText: /^Rescheduled to / })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await shoot(customerPage, 'track-rescheduled');

  // The owner's day-end handover: the rider's expected cash against what was received.
  await ownerPage.setViewportSize({ width: 375, height: 800 });
  await ownerPage.goto('/admin/cash');
  await hydrated(ownerPage, 'CashHandover');
  const card = ownerPage
    .getByRole('listitem')
    .filter({ has: ownerPage.getByRole('heading', { name: STAFF.rider.name }) });
  const expectedText = ((await card.locator('[data-expected]').textContent()) ?? '').replace(/[₹,]/g, '');
  expect(Number(expectedText)).toBeGreaterThanOrEqual(Number(due));
  const received = (Number(expectedText) - 10).toFixed(2);
  await card.getByLabel(`Cash received from ${STAFF.rider.name} (₹)`).fill(received);
  await card.getByLabel('Why it differs').fill('Short by ₹10: change given');
  await card.getByRole('button', { name: 'Record handover' }).click();
  await expect(card.getByText(/^Handover recorded: ₹[\d,.]+ received against ₹[\d,.]+ expected\.$/)).toBeVisible();
  await expect(card.locator('[data-handover]')).toContainText('₹10.00 short');
  expect(await seriousViolations(ownerPage)).toEqual([]);
  expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(ownerPage, 'cash-handover');
  await customerContext.close();
  await ownerContext.close();
});
