/**
 * Shared steps of the checkout and address e2e tests: a fresh customer signed up through the
 * API with the browser context's cookie jar (so the page is signed in), a cart filled through
 * the API, map tiles answered locally, and waiting for an island to hydrate.
 */
import { expect, type Page } from '@playwright/test';

/** A 1×1 transparent PNG: what the stubbed map tile server answers. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Slippy-map tile URLs ({z}/{x}/{y}.png) on any host. */
export const TILE_URL = /\/\d+\/\d+\/\d+\.png(\?.*)?$/;

/** Answers every map tile with a tiny PNG (no network), or fails them all when `fail` is set. */
export async function stubTiles(page: Page, fail = false): Promise<void> {
  await page.route(TILE_URL, (route) =>
    fail ? route.abort('failed') : route.fulfill({ status: 200, contentType: 'image/png', body: TINY_PNG }),
  );
}

/** Same-origin header the API's cross-origin guard wants on unsafe calls that carry the cookie. */
export function originHeader(page: Page): Record<string, string> {
  const url = page.url();
  const origin = new URL(
    url.startsWith('http') ? url : (process.env.BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 4390}`),
  ).origin;
  return { origin };
}

/** Signs a new customer up (register + OTP with the demo code); the session cookie lands in the page's context. */
export async function signUp(page: Page, name = 'Asha Menon'): Promise<string> {
  const phone = `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const reg = await page.request.post('/api/register', {
    data: { name, email: 'asha@example.com', mobile: phone },
    headers: originHeader(page),
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const otp = (await reg.json()).data.demo_otp as string;
  const login = await page.request.post('/api/otp-login', { data: { key: phone, otp }, headers: originHeader(page) });
  expect(login.status(), await login.text()).toBe(200);
  return phone;
}

/** Puts `qty` of the first product of the home feed into the cart; returns its name. */
export async function fillCart(page: Page, qty = 2): Promise<string> {
  const home = await (await page.request.get('/api/customer/home')).json();
  const product = home.data.products[0] as { id: number; name: string };
  const res = await page.request.post('/api/customer/add-product', {
    form: { product_id: String(product.id), qty: String(qty) },
    headers: originHeader(page),
  });
  expect(res.status(), await res.text()).toBe(200);
  return product.name;
}

/** Waits until the named island has hydrated (Astro drops the `ssr` attribute then). */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`).first().waitFor({ state: 'attached' });
}

/**
 * Waits until the checkout with a saved address has loaded everything that moves its layout:
 * the address, then the delivery slots for it, and the payment methods. A tap before that can
 * land on a control that has just moved.
 */
export async function checkoutLoaded(page: Page): Promise<void> {
  await hydrated(page, 'Checkout');
  await expect(page.getByText(/^Delivering to /)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pay by Cash On Delivery' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The customer's orders as the API lists them. */
export async function myOrders(
  page: Page,
): Promise<
  { id: number; payment_mode: string; payment_status: string; promocode: string | null; paid_amount: string }[]
> {
  const res = await page.request.get('/api/customer/my-orders');
  expect(res.status()).toBe(200);
  return (await res.json()).data.orders;
}
