/**
 * Steps shared by the online payment e2e tests (the e2e server pays through the payment
 * simulator, playwright.config.ts): a customer at the checkout with Pay Online chosen, the cart's
 * lines, the owner signed in, and the simulator's address for its test settings.
 */
import { expect, type Page } from '@playwright/test';
import { STAFF, staffSignInByApi, THRISSUR } from './back-office-helpers.ts';
import { checkoutLoaded, fillCart, originHeader, signUp, stubTiles } from './checkout-helpers.ts';

/** The e2e server's payment simulator (playwright.config.ts), for its test settings. */
export const SIMULATOR = `http://127.0.0.1:${process.env.PAYMENT_SIMULATOR_PORT ?? Number(process.env.E2E_PORT ?? 4390) + 1000}`;

/** Signs the owner in, in the page's cookie jar (the staff cookie is the back office's own). */
export async function ownerSignIn(page: Page): Promise<void> {
  await staffSignInByApi(page, STAFF.owner.mobile, originHeader(page));
}

/** A new customer with one product in the cart and an address, at the checkout with Pay Online chosen. */
export async function atCheckout(page: Page): Promise<string> {
  await stubTiles(page);
  await signUp(page);
  const product = await fillCart(page, 1);
  const add = await page.request.post('/api/customer/add-address', { headers: originHeader(page), data: THRISSUR });
  expect(add.status(), await add.text()).toBe(201);
  await page.goto('/checkout');
  await checkoutLoaded(page);
  await page.getByRole('radio', { name: 'Pay Online' }).check();
  return product;
}

/** The cart's lines as the API lists them: product, name and quantity (a line given back gets a new id). */
export async function cartLines(page: Page): Promise<{ product_id: number; name: string; qty: number }[]> {
  const res = await page.request.get('/api/customer/my-cart');
  expect(res.status()).toBe(200);
  const lines = (await res.json()).data.my_cart as { product_id: number; name: string; qty: number }[];
  return lines.map(({ product_id, name, qty }) => ({ product_id, name, qty }));
}
