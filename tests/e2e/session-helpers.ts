/**
 * Steps shared by the auth, cart and wishlist e2e tests: random phone numbers, customers made
 * through the API (in the page's cookie jar, or in a separate one so the page stays a guest),
 * the auth dialog driven like a person would, and waiting for islands to hydrate.
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** A fresh Indian mobile number, so tests never collide: +9198 and 8 random digits. */
export function randomPhone(): string {
  return `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** An Indian mobile number in E.164 ("+919876543210") as the shop shows it: "+91 98765 43210". */
export function readablePhone(e164: string): string {
  return `${e164.slice(0, 3)} ${e164.slice(3, 8)} ${e164.slice(8)}`;
}

/** The origin header unsafe API calls that carry cookies need (cross-origin guard). */
export function origin(): Record<string, string> {
  return { origin: new URL(process.env.BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 4390}`).origin };
}

/** Creates a customer through the API in `request`'s cookie jar (signed in there); returns the phone. */
export async function createCustomer(request: APIRequestContext, name = 'Asha Menon'): Promise<string> {
  const phone = randomPhone();
  const reg = await request.post('/api/register', {
    data: { name, email: 'asha@example.com', mobile: phone },
    headers: origin(),
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const otp = (await reg.json()).data.demo_otp as string;
  const login = await request.post('/api/otp-login', { data: { key: phone, otp }, headers: origin() });
  expect(login.status(), await login.text()).toBe(200);
  return phone;
}

/** Waits until an island of `component` has hydrated (Astro drops the `ssr` attribute then). */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`).first().waitFor({ state: 'attached' });
}

/** The auth dialog, whatever step it shows. */
export function authDialog(page: Page): Locator {
  return page.locator('#auth-dialog-root dialog');
}

/** True when the phone-width layout is in use. */
export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Opens the auth dialog from the navigation bar's account control on `tab`. */
export async function openAuthFromNavbar(page: Page, tab: 'Login' | 'Sign Up'): Promise<Locator> {
  const bar = page.getByRole('navigation', { name: 'Main' });
  if (isMobile(page)) {
    await bar.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('region', { name: 'My Profile' }).getByRole('link', { name: tab, exact: true }).click();
  } else {
    await bar.getByRole('link', { name: 'Login' }).click();
    if (tab === 'Sign Up') await authDialog(page).getByRole('tab', { name: 'Sign Up' }).click();
  }
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

/** Types the demo code the OTP step shows and verifies it; leaves the success step open. */
export async function enterDemoOtp(dialog: Locator): Promise<void> {
  const hint = dialog.getByText(/Demo code:/);
  await expect(hint).toBeVisible();
  const code = /\d{4,8}/.exec((await hint.textContent()) ?? '')![0];
  await dialog.getByLabel(/-digit OTP/).fill(code);
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('heading', { name: 'You have logged in successfully' })).toBeVisible();
}

/** Logs in an existing customer through the open dialog's Login tab, up to Continue. */
export async function loginInDialog(dialog: Locator, phone: string): Promise<void> {
  await dialog.getByRole('tab', { name: 'Login' }).click();
  await dialog.getByLabel('Mobile number').fill(phone);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await enterDemoOtp(dialog);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

/** The cart control of the navigation bar. */
export function cartControl(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).locator('[data-cart-link]');
}
