/**
 * A day in the back office as one story, in Chromium: a customer orders, paying with FarmFresh
 * credit; the owner, signed in on the open board, sees it within 5 s without reloading; the packer
 * records a lower weight and a substitute, and the customer's tracking page and invoice show both
 * and the new total, and the difference is back on the customer's credit; the packer marks it
 * processed, the owner assigns the rider, and the rider marks it out for delivery and delivered;
 * the manager changes a price and a stock level and the shop's product page shows both within
 * 1 s; the packer cannot change a price (403, and the products page is not for their role); the
 * audit log lists each step with the staff member's name.
 *
 * The story runs on the default e2e server (one process on PGlite) and, when TEST_DATABASE_URL is
 * set, on a server of its own: two cluster workers on a fresh PostgreSQL database.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createScratchDatabase } from '../../src/lib/db/scratch.ts';
import { pdfText } from '../helpers/pdf.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import {
  msUntilProductPageShows,
  placeSlotOrder,
  STAFF,
  staffSignInByApi,
  staffSignInOnPage,
} from './back-office-helpers.ts';
import { hydrated, randomPhone } from './session-helpers.ts';

/**
 * The two deadlines: the open board shows a new order within 5 s (plus 500 ms for a poll's render
 * in the browser), and the product page the shop serves carries a saved change within 1 s.
 */
const BOARD_WITHIN_MS = 5_000 + 500;
const PRODUCT_PAGE_WITHIN_MS = 1_000;

type Product = { id: number; name: string; stock: number; weight: number | null; weightUnit: string | null };

const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A browser context of its own (cookie jar) on `base`, with the origin header its unsafe API calls need. */
async function person(browser: Browser, base: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { origin: new URL(base).origin } });
  return { context, page: await context.newPage() };
}

/** A new customer signed in through the API in the page's cookie jar. */
async function signUpCustomer(page: Page): Promise<void> {
  const phone = randomPhone();
  const reg = await page.request.post('/api/register', {
    data: { name: 'Asha Menon', email: 'asha@example.com', mobile: phone },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const otp = (await reg.json()).data.demo_otp as string;
  const login = await page.request.post('/api/otp-login', { data: { key: phone, otp } });
  expect(login.status(), await login.text()).toBe(200);
}

/** The whole story against the server at `base`. */
async function backOfficeDay(browser: Browser, base: string): Promise<void> {
  const customer = await person(browser, base);
  const owner = await person(browser, base);
  const packer = await person(browser, base);
  const rider = await person(browser, base);
  const manager = await person(browser, base);

  // The owner opens the board before the order exists.
  await owner.page.setViewportSize({ width: 1280, height: 900 });
  await staffSignInOnPage(owner.page, STAFF.owner.mobile);
  await expect(owner.page).not.toHaveURL(/\/admin\/login/);
  await expect(owner.page.getByRole('heading', { name: 'Order board', level: 1 })).toBeVisible();
  await hydrated(owner.page, 'OrderBoard');

  // The manager's product of the day, kept out of the customer's order.
  await staffSignInByApi(manager.page, STAFF.manager.mobile);
  const listed = (await (await manager.page.request.get('/api/admin/products?q=tomato')).json()).data.products as {
    id: number;
    name: string;
    isActive: boolean;
    stock: number;
  }[];
  const managed = listed.find((p) => p.isActive && p.stock > 0)!;

  // The customer orders a weighed product and another one.
  await signUpCustomer(customer.page);
  const all = (await (await customer.page.request.get('/api/customer/products/0?pageSize=100')).json()).data
    .products as Product[];
  const usable = all.filter((p) => p.id !== managed.id && p.stock > 50);
  const weighed = usable.find((p) => p.weight && p.weightUnit)!;
  const other = usable.find((p) => p.id !== weighed.id)!;
  const substitute = all.find(
    (p) => ![weighed.id, other.id, managed.id].includes(p.id) && p.stock > 0 && /^[A-Za-z ]+$/.test(p.name),
  )!;
  // The customer pays with the FarmFresh credit a new account starts with.
  const creditBefore = (await (await customer.page.request.get('/api/customer/profile')).json()).data.account
    .credit_balance as number;
  const orderId = await placeSlotOrder(customer.page.request, [weighed.id, other.id], 'credit');
  const before = (await (await customer.page.request.get(`/api/customer/orders/${orderId}`)).json()).data.order;

  // The open board shows it without a reload.
  await expect(owner.page.getByRole('link', { name: `Order #${orderId}`, exact: true })).toBeVisible({
    timeout: BOARD_WITHIN_MS,
  });

  // The packer records a lower weight and a substitute, then marks the order processed.
  await staffSignInByApi(packer.page, STAFF.packer.mobile);
  await packer.page.goto(`/admin/orders/${orderId}`);
  await expect(packer.page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
  await hydrated(packer.page, 'StaffOrderView');
  const items = packer.page.getByRole('region', { name: 'Items' });
  const weighedLine = items.getByRole('listitem').filter({ hasText: `× ${weighed.name}` });
  const picked = Math.round(weighed.weight! * 0.85 * 1000) / 1000;
  await weighedLine.getByLabel(/^Picked/).fill(String(picked));
  await weighedLine.getByRole('button', { name: 'Save picked' }).click();
  await expect(packer.page.getByRole('status').filter({ hasText: 'Picked quantity saved' })).toBeVisible();
  await expect(weighedLine.getByText(`Picked ${picked} ${weighed.weightUnit}`)).toBeVisible();
  const otherLine = items.getByRole('listitem').filter({ hasText: `× ${other.name}` });
  await otherLine.getByLabel('Substitute with').fill(substitute.name);
  await otherLine.getByRole('button', { name: 'Find substitute' }).click();
  await otherLine.getByRole('button', { name: `Use ${substitute.name}`, exact: true }).click();
  await expect(packer.page.getByRole('status').filter({ hasText: 'Substitute saved' })).toBeVisible();
  await expect(items.getByText(`Substitute for ${other.name}`)).toBeVisible();
  await packer.page.getByRole('button', { name: 'Mark as processed' }).click();
  await expect(packer.page.getByRole('button', { name: 'Mark as processed' })).toHaveCount(0);

  // The customer's tracking page shows the picked weight, the substitute and the new total.
  const after = (await (await customer.page.request.get(`/api/customer/orders/${orderId}`)).json()).data.order;
  expect(Number(after.paid_amount)).toBeLessThan(Number(before.paid_amount));
  await customer.page.goto(`/track-order?order=${orderId}`);
  await expect(customer.page.getByText(`Picked: ${picked} ${weighed.weightUnit}`)).toBeVisible();
  await expect(customer.page.getByText(`Substitute for ${other.name}`)).toBeVisible();
  await expect(customer.page.getByText(substitute.name, { exact: true }).first()).toBeVisible();
  await expect(customer.page.getByText(rupees(Number(after.paid_amount)), { exact: true }).first()).toBeVisible();
  // …and says where the difference went.
  const difference = Math.round((Number(before.paid_amount) - Number(after.paid_amount)) * 100) / 100;
  await expect(
    customer.page.getByText(
      `${rupees(difference)} for items picked lighter or substituted, refunded to your FarmFresh credit — available now`,
    ),
  ).toBeVisible();

  // Its invoice, downloaded from there, stays as issued at confirmation; each packing change has
  // its credit note beside it, and together they come to the new total.
  const invoiceLink = customer.page.getByRole('link', { name: /^Download invoice/ });
  await expect(invoiceLink).toBeVisible();
  const invoice = await customer.page.request.get((await invoiceLink.getAttribute('href'))!);
  expect(invoice.status()).toBe(200);
  // Table cells wrap onto the next lines of the PDF's text: compare with whitespace collapsed.
  const invoiceText = (await pdfText(await invoice.body())).replace(/\s+/g, ' ');
  expect(invoiceText).toContain(`Invoice total Rs. ${rupees(Number(before.paid_amount)).slice(1)}`);
  const noteLinks = customer.page.getByRole('link', { name: /^Credit note / });
  await expect(noteLinks).toHaveCount(2);
  let credited = 0;
  for (const link of await noteLinks.all()) {
    const note = await customer.page.request.get((await link.getAttribute('href'))!);
    expect(note.status()).toBe(200);
    const noteText = (await pdfText(await note.body())).replace(/\s+/g, ' ');
    expect(noteText).toContain((invoiceText.match(/FF\/\d{2}-\d{2}\/\d{6}/) ?? ['no invoice number'])[0]);
    credited += Number(noteText.match(/Credit note total Rs\. ([\d,.]+)/)![1]!.replace(/,/g, ''));
  }
  expect(Math.round(credited * 100) / 100).toBe(difference);

  // What packing took off the order is back on the customer's credit at once.
  await customer.page.goto('/my-account');
  await expect(customer.page.getByText('Credit balance', { exact: true }).locator('..')).toContainText(
    rupees(creditBefore - Number(after.paid_amount)),
  );

  // The owner assigns the rider from the order page.
  await owner.page.getByRole('link', { name: `Order #${orderId}`, exact: true }).click();
  await expect(owner.page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
  await hydrated(owner.page, 'StaffOrderView');
  await owner.page.getByLabel('Rider', { exact: true }).selectOption({ label: STAFF.rider.name });
  await owner.page.getByRole('button', { name: 'Assign rider' }).click();
  await expect(owner.page.getByRole('region', { name: 'Delivery' }).getByText(STAFF.rider.name).first()).toBeVisible();

  // The rider marks it out for delivery, then records it delivered (a confirmation step).
  await staffSignInByApi(rider.page, STAFF.rider.mobile);
  await rider.page.goto(`/admin/orders/${orderId}`);
  await hydrated(rider.page, 'StaffOrderView');
  await expect(rider.page.getByRole('region', { name: 'Delivery' }).getByText(STAFF.rider.name).first()).toBeVisible();
  await rider.page.getByRole('button', { name: 'Mark as out for delivery' }).click();
  await rider.page.getByRole('button', { name: /^Delivered Everything/ }).click();
  await rider.page.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(rider.page.getByRole('heading', { name: 'At the door: Delivered' })).toBeVisible();
  await customer.page.goto(`/track-order?order=${orderId}`);
  await expect(
    customer.page
      .getByRole('list', { name: 'Order progress' })
      .getByRole('listitem')
      .and(customer.page.locator('[aria-current="step"]')),
  ).toContainText('Delivered');

  // The manager changes a price and a stock level; the product page follows within a second.
  const shop = customer.page;
  await shop.goto(`/product/${managed.id}`);
  await expect(shop.getByText('In stock', { exact: true })).toBeVisible();
  await manager.page.goto('/admin/products');
  await hydrated(manager.page, 'AdminProducts');
  await manager.page.getByLabel('Search products').fill('tomato');
  await manager.page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = manager.page.getByRole('form', { name: managed.name, exact: true });
  await expect(row).toBeVisible();
  const mrp = Number(await row.getByLabel(`MRP of ${managed.name} in rupees`, { exact: true }).inputValue());
  const price = (mrp - 1.23).toFixed(2);
  await row.getByLabel(`Price of ${managed.name} in rupees`, { exact: true }).fill(price);
  await row.getByLabel(`Stock of ${managed.name}`, { exact: true }).fill('0');
  await row.getByRole('button', { name: `Save ${managed.name}`, exact: true }).click();
  await expect(row.getByRole('status')).toContainText('Saved');
  const savedAt = Date.now();
  const ms = await msUntilProductPageShows(
    shop.request,
    managed.id,
    [rupees(Number(price)), 'Out of Stock'],
    savedAt,
    5_000,
  );
  expect(ms, 'milliseconds from Saved to a product page with the new price and stock').toBeLessThan(
    PRODUCT_PAGE_WITHIN_MS,
  );
  await shop.goto(`/product/${managed.id}`);
  await expect(shop.getByText(rupees(Number(price))).first()).toBeVisible();
  await expect(shop.getByText('Out of Stock', { exact: true }).first()).toBeVisible();

  // The packer cannot change a price, and the products page is not for their role.
  const refused = await packer.page.request.fetch(`/api/admin/products/${managed.id}`, {
    method: 'PATCH',
    data: { price_paise: 100 },
  });
  expect(refused.status()).toBe(403);
  const opened = await packer.page.goto('/admin/products');
  expect(opened?.status()).toBe(403);
  await expect(packer.page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();

  // The audit log lists each step with the staff member's name.
  const entry = (action: string, name: string) =>
    owner.page
      .getByRole('list', { name: 'Audit entries' })
      .getByRole('listitem')
      .filter({ hasText: action })
      .filter({ hasText: name });
  await owner.page.goto(`/admin/audit?type=order&record=${orderId}`);
  await expect(owner.page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  for (const [action, who] of [
    ['Recorded a picked quantity', STAFF.packer.name],
    ['Substituted a line', STAFF.packer.name],
    ['Marked processed', STAFF.packer.name],
    ['Assigned a rider', STAFF.owner.name],
    ['Marked out for delivery', STAFF.rider.name],
    ['Recorded how a delivery ended', STAFF.rider.name],
  ] as const)
    await expect(entry(action, who), `${action} by ${who}`).toHaveCount(1);
  await owner.page.goto(`/admin/audit?type=product&record=${managed.id}`);
  await expect(entry('Changed a product', STAFF.manager.name)).toHaveCount(1);
  await owner.page.goto('/admin/audit');
  await expect(entry('Refused: no permission', STAFF.packer.name).first()).toBeVisible();

  for (const p of [customer, owner, packer, rider, manager]) await p.context.close();
}

// The two stories, one after the other in one worker: each starts five browser contexts, and the
// second its own two-process server.
test.describe.configure({ mode: 'default' });

test('a day in the back office on the shop’s server', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  await backOfficeDay(browser, baseURL!);
});

test.describe('on PostgreSQL with two server processes', () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set');
  let server: RunningServer | undefined;
  let drop: (() => Promise<void>) | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const created = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'farmfresh_e2e');
    drop = created.drop;
    // The e2e webServer's environment (playwright.config.ts), on PostgreSQL with two workers.
    server = await startServer({
      DATABASE_URL: created.url,
      WEB_CONCURRENCY: '2',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      AUTH_IP_LIMIT: '100000',
      AUTH_LOOKUP_LIMIT: '100000',
      SMS_BUDGET_PER_HOUR: '100000',
      SMS_BUDGET_PER_DAY: '100000',
      PROMO_IP_TRIES_PER_HOUR: '100000',
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  test('a day in the back office', async ({ browser }) => {
    test.setTimeout(180_000);
    await backOfficeDay(browser, server!.baseUrl);
  });
});
