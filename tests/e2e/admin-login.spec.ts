/**
 * The staff sign-in page before its script runs, in Chromium on a phone's width: Send code waits
 * for the form to be able to send (a tap before would reload the page and lose the number), and a
 * number typed in the meantime is the one the form then sends. Its code step says where the code
 * went: by SMS, or on screen in demo mode; a wrong code says how many tries are left; a code killed
 * by wrong tries leaves the screen, and Resend code sends a new one; the wrong try that reaches
 * the wrong-code lock disables Sign in, which the lock's message describes.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { STAFF, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, origin, randomPhone, readablePhone } from './session-helpers.ts';

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

test('the code step says the code was sent by SMS, or in demo mode that it is on screen', async ({ page }) => {
  // Both answers are made here, so no code is sent (a new code would cancel other tests' codes).
  let demo = false;
  await page.route('**/api/admin/login/otp', (route) =>
    route.fulfill({
      json: {
        success: true,
        message: 'answered by the test',
        data: { otp_sent: true, expires_in: 300, ...(demo ? { otp_length: 4, demo_otp: '4321' } : { otp_length: 6 }) },
      },
    }),
  );
  await page.goto('/admin/login');
  // This server runs the demo's console sender: the page's lead says where the code shows.
  await expect(page.getByText('We show a one-time code on screen for your mobile number.')).toBeVisible();
  await hydrated(page, 'AdminLogin');
  const mobile = STAFF.manager.mobile;
  const status = page.getByRole('main').getByRole('status');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  // A production shop: the code went by SMS, and no demo note.
  await expect(status).toHaveText(`We sent a 6-digit code to ${readablePhone(mobile)}.`);
  await expect(page.getByRole('note', { name: 'Demo mode' })).toHaveCount(0);

  demo = true;
  await page.getByRole('button', { name: 'Change number' }).click();
  await page.getByRole('button', { name: 'Send code' }).click();
  // Demo mode sends no SMS: the code is on screen, and nothing claims it was sent.
  await expect(status).toHaveText(`Your 4-digit code for ${readablePhone(mobile)} is shown on screen.`);
  await expect(page.getByRole('note', { name: 'Demo mode' })).toContainText('Demo code: 4321');
  await expect(page.getByRole('main')).not.toContainText(/We sent/);
});

/**
 * A staff member of the calling test's own, so no other test's code is cancelled or its tries
 * counted; returns their mobile and a function that removes them.
 */
async function ownPacker(browser: Browser): Promise<{ mobile: string; remove: () => Promise<void> }> {
  const owner = await (await browser.newContext()).newPage();
  await staffSignInByApi(owner, STAFF.owner.mobile, origin());
  const mobile = randomPhone();
  const added = await owner.request.post('/api/admin/staff', {
    data: { name: `Packer ${mobile.slice(-4)}`, mobile, role: 'packer' },
    headers: origin(),
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = (await added.json()).data.staff.id as number;
  return {
    mobile,
    remove: async () => {
      const removed = await owner.request.delete(`/api/admin/staff/${id}`, { headers: origin() });
      expect(removed.status()).toBe(200);
      await owner.context().close();
    },
  };
}

/** The demo code on screen. */
const demoCode = async (page: Page) =>
  ((await page.getByRole('note', { name: 'Demo mode' }).textContent()) ?? '').match(/Demo code:\s*(\d+)/)![1]!;

test('a code killed by five wrong tries leaves the screen, the form asks for a new one, and Resend code sends it', async ({
  page,
  browser,
}) => {
  const { mobile, remove } = await ownPacker(browser);

  await page.goto('/admin/login');
  await hydrated(page, 'AdminLogin');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  const main = page.getByRole('main');
  const status = main.getByRole('status');
  const note = page.getByRole('note', { name: 'Demo mode' });
  await expect(status).toHaveText(`Your 4-digit code for ${readablePhone(mobile)} is shown on screen.`);
  const code = await demoCode(page);
  const wrong = code === '0000' ? '1111' : '0000';
  // Each wrong try says how many are left before the code is spent.
  for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
    await page.getByLabel('4-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(main.getByRole('alert')).toHaveText(`Invalid OTP. ${left} left.`);
    await expect(note).toContainText(`Demo code: ${code}`);
  }
  await page.getByLabel('4-digit code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(main.getByRole('alert')).toHaveText('Too many wrong attempts. Please request a new OTP.');
  // The dead code is no longer on screen, nor the line saying it is.
  await expect(note).toHaveCount(0);
  await expect(main.getByText(/Demo code:/)).toHaveCount(0);
  await expect(main).not.toContainText('is shown on screen');
  await expect(page.getByLabel('4-digit code')).toHaveValue('');
  // Sign in waits for a new code.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();

  // A new code comes back on screen and signs in.
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(status).toHaveText(`A new 4-digit code for ${readablePhone(mobile)} is shown on screen.`);
  await expect(main.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('4-digit code').fill(await demoCode(page));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await remove();
});

test('the wrong try that reaches the lock disables Sign in, saying why and when to try again; Resend code cannot lift it', async ({
  page,
  browser,
}) => {
  const { mobile, remove } = await ownPacker(browser);
  // A client address of this test's own: its wrong tries count against no other test's.
  await page.context().setExtraHTTPHeaders({
    'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
  });
  const lockMessage = 'Too many wrong OTP attempts for this number. Please try again in 24 hours.';
  await page.goto('/admin/login');
  await hydrated(page, 'AdminLogin');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  const main = page.getByRole('main');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  const tryWrong = async (times: number, last: string) => {
    const wrong = (await demoCode(page)) === '0000' ? '1111' : '0000';
    for (let i = 1; i <= times; i++) {
      await page.getByLabel('4-digit code').fill(wrong);
      await signIn.click();
      await expect(main.getByRole('alert')).toHaveText(i === times ? last : /^Invalid OTP\. \d tr(y|ies) left\.$/);
    }
  };
  await tryWrong(5, 'Too many wrong attempts. Please request a new OTP.');
  // Spent, not locked: Sign in waits for a new code, which can be asked for and tried.
  await expect(signIn).toBeDisabled();
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(main.getByRole('status')).toHaveText(
    `A new 4-digit code for ${readablePhone(mobile)} is shown on screen.`,
  );
  await expect(signIn).toBeEnabled();
  // The 10th wrong try from this address locks the number here.
  await tryWrong(5, lockMessage);
  await expect(signIn).toBeDisabled();
  await expect(signIn).toHaveAccessibleDescription(lockMessage);
  await expect(page.getByRole('note', { name: 'Demo mode' })).toHaveCount(0);
  // A code asked for meanwhile is refused with the same message, and Sign in stays disabled.
  const refused = page.waitForResponse('**/api/admin/login/otp');
  await page.getByRole('button', { name: 'Resend code' }).click();
  expect((await refused).status()).toBe(429);
  await expect(main.getByRole('alert')).toHaveText(lockMessage);
  await expect(signIn).toBeDisabled();
  await remove();
});
