/**
 * The staff sign-in page before its script runs, in Chromium on a phone's width: Send code waits
 * for the form to be able to send (a tap before would reload the page and lose the number), and a
 * number typed in the meantime is the one the form then sends.
 */
import { expect, test } from '@playwright/test';
import { STAFF } from './back-office-helpers.ts';
import { hydrated } from './session-helpers.ts';

test('a mobile number typed before the sign-in form is ready is kept, and Send code waits for the form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The form's script arrives late, as on a slow phone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/AdminLogin.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/login', { waitUntil: 'domcontentloaded' });
  const mobile = page.getByLabel('Mobile number');
  const send = page.getByRole('button', { name: 'Send code' });
  await mobile.fill(STAFF.manager.mobile);
  await expect(send).toBeDisabled();

  release();
  await hydrated(page, 'AdminLogin');
  await expect(send).toBeEnabled();
  await expect(mobile).toHaveValue(STAFF.manager.mobile);
  await expect(page).toHaveURL(/\/admin\/login$/);

  // What Send code sends is the number typed before: the request is read and answered here, so
  // no code is sent (other tests sign this staff member in, and a new code cancels theirs).
  const sent = new Promise<unknown>((resolve) =>
    page.route('**/api/admin/login/otp', async (route) => {
      resolve(route.request().postDataJSON());
      await route.fulfill({ status: 429, json: { success: false, message: 'Held by the test.' } });
    }),
  );
  await send.click();
  expect(await sent).toMatchObject({ mobile: STAFF.manager.mobile });
  await expect(page.getByText('Held by the test.')).toBeVisible();
});
