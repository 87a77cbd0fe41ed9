/**
 * Packing in the browser: a packer, on a 375 px phone, records a lower picked weight on one line of
 * a customer's order and substitutes another line with a product found by search; the customer's
 * order details page then shows the picked weight, the substitute and the new total. Axe finds no
 * serious issue on the order page with its packing controls.
 */
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

const PACKER = '+919447000103';
const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: 'Near the temple',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};

type Product = { id: number; name: string; stock: number; weight: number | null; weightUnit: string | null };

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A staff session in `request`'s cookie jar (shared with the pages of the same context). */
async function signInByApi(request: APIRequestContext, mobile: string): Promise<void> {
  const sent = await request.post('/api/admin/login/otp', { data: { mobile }, headers: origin() });
  expect(sent.status()).toBe(200);
  const otp = (await sent.json()).data.demo_otp;
  const login = await request.post('/api/admin/login', { data: { mobile, otp }, headers: origin() });
  expect(login.status(), await login.text()).toBe(200);
}

/** The customer's Cash order of one each of `products` in an open slot of today or tomorrow; its id. */
async function placeOrder(customer: APIRequestContext, products: Product[]): Promise<number> {
  const address = await customer.post('/api/customer/add-address', { data: THRISSUR, headers: origin() });
  for (const p of products)
    await customer.post('/api/customer/add-product', {
      multipart: { product_id: String(p.id), qty: '1' },
      headers: origin(),
    });
  const slots = (await (await customer.get('/api/customer/delivery-slots?pin=680001')).json()).data.slots as {
    id: string;
    day: string;
    status: string;
  }[];
  const slot = slots.find((s) => s.status === 'open' && (s.day === 'today' || s.day === 'tomorrow'))!;
  const summary = (await (await customer.get('/api/customer/checkout-summary')).json()).data.summary;
  const placed = await customer.post('/api/customer/place-order', {
    data: {
      address_id: (await address.json()).data.address.id,
      payment_mode: 'cod',
      paid_amount: summary.paid_amount,
      points: '0',
      delivery_slot: slot.id,
    },
    headers: origin(),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data.order.id as number;
}

test('a packer records a lower weight and a substitute; the customer sees the new lines and total', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const customerContext = await browser.newContext({ baseURL });
  const customer = customerContext.request;
  await createCustomer(customer);
  const all = (await (await customer.get('/api/customer/products/0?pageSize=100')).json()).data.products as Product[];
  const weighed = all.find((p) => p.stock > 50 && p.weight && p.weightUnit)!;
  const other = all.find((p) => p.stock > 50 && p.id !== weighed.id)!;
  const substitute = all.find((p) => p.id !== weighed.id && p.id !== other.id && /^[A-Za-z ]+$/.test(p.name))!;
  const orderId = await placeOrder(customer, [weighed, other]);
  const before = (await (await customer.get(`/api/customer/orders/${orderId}`)).json()).data.order;

  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page.request, PACKER);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
  await hydrated(page, 'StaffOrderView');
  expect(await seriousViolations(page)).toEqual([]);

  const items = page.getByRole('region', { name: 'Items' });
  const weighedLine = items.getByRole('listitem').filter({ hasText: `× ${weighed.name}` });
  const picked = Math.round(weighed.weight! * 0.85 * 1000) / 1000;
  await weighedLine.getByLabel(/^Picked/).fill(String(picked));
  await weighedLine.getByRole('button', { name: 'Save picked' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Picked quantity saved' })).toBeVisible();
  await expect(weighedLine.getByText(`Picked ${picked} ${weighed.weightUnit}`)).toBeVisible();

  const otherLine = items.getByRole('listitem').filter({ hasText: `× ${other.name}` });
  await otherLine.getByLabel('Substitute with').fill(substitute.name);
  await otherLine.getByRole('button', { name: 'Find substitute' }).click();
  await otherLine.getByRole('button', { name: `Use ${substitute.name}`, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Substitute saved' })).toBeVisible();
  await expect(items.getByText(`Substitute for ${other.name}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const after = (await (await customer.get(`/api/customer/orders/${orderId}`)).json()).data.order;
  expect(Number(after.paid_amount)).toBeLessThan(Number(before.paid_amount));

  const customerPage = await customerContext.newPage();
  await customerPage.goto(`/track-order?order=${orderId}`);
  await expect(customerPage.getByText(`Picked: ${picked} ${weighed.weightUnit}`)).toBeVisible();
  await expect(customerPage.getByText(`Substitute for ${other.name}`)).toBeVisible();
  await expect(customerPage.getByText(substitute.name, { exact: true }).first()).toBeVisible();
  const total = `₹${Number(after.paid_amount).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  await expect(customerPage.getByText(total, { exact: true }).first()).toBeVisible();
  await customerContext.close();
});
