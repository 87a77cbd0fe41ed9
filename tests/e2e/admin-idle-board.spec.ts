/**
 * The idle board, in Chromium: an owner signs in and leaves the order board open. Its polls (every
 * few seconds, marked as background polls) do not keep the staff session alive, so a minute later
 * (STAFF_IDLE_MINUTES=1, the setting's least) the next poll is refused and the board hides its
 * orders and says the session has expired, with a "Sign in again" link that the keyboard reaches
 * and that brings the owner back to the board.
 *
 * The server's clock cannot be driven from the browser, and a poll that went unmarked would show
 * only as a session that stays alive, so the test waits out the real minute on a server of its own
 * (the shared e2e server keeps the default 30 minutes for the other specs): on a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set, else on in-memory PGlite.
 */
import { expect, type Request, test } from '@playwright/test';
import { createScratchDatabase } from '../../src/lib/db/scratch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { STAFF, seriousViolations, staffSignInOnPage } from './back-office-helpers.ts';
import { hydrated } from './session-helpers.ts';

const EXPIRED = 'Your session has expired. Please log in again.';

let server: RunningServer | undefined;
let drop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  let database: Record<string, string> = {};
  if (process.env.TEST_DATABASE_URL) {
    const created = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'farmfresh_e2e');
    drop = created.drop;
    database = { DATABASE_URL: created.url };
  }
  // The e2e webServer's environment (playwright.config.ts), with the shortest idle time there is.
  server = await startServer({
    ...database,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    AUTH_IP_LIMIT: '100000',
    AUTH_LOOKUP_LIMIT: '100000',
    STAFF_IDLE_MINUTES: '1',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await drop?.();
});

test('the idle board signs out a minute after the last action, though it keeps polling', async ({ browser }) => {
  test.setTimeout(180_000);
  const base = server!.baseUrl;
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { origin: new URL(base).origin } });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });

  await staffSignInOnPage(page, STAFF.owner.mobile);
  await expect(page.getByRole('heading', { name: 'Order board', level: 1 })).toBeVisible();
  await hydrated(page, 'OrderBoard');
  await expect(page.getByRole('link', { name: /^Order #\d+$/ }).first()).toBeVisible();

  // From here on nobody touches the board: only its polls reach the server.
  const polls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin/board')) polls.push(request);
  });

  const signedOut = page.getByRole('alert').filter({ hasText: EXPIRED });
  await expect(signedOut).toBeVisible({ timeout: 120_000 });
  await expect(signedOut.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  // No stale orders: the board and its filters are gone.
  await expect(page.getByRole('link', { name: /^Order #\d+$/ })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Filter the board' })).toHaveCount(0);
  // Nor does the header name anyone: no member, no Sign out, no back-office menu.
  await expect(page.getByRole('banner').getByText(STAFF.owner.name)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();

  // Every request the board made on its own was a marked poll; the last was refused.
  expect(polls.length).toBeGreaterThan(10);
  for (const poll of polls) expect(poll.headers()['x-background-poll'], poll.url()).toBe('1');
  expect((await polls.at(-1)!.response())?.status()).toBe(401);
  const answered = await Promise.all(polls.slice(0, -1).map(async (p) => (await p.response())?.status()));
  expect(answered.every((status) => status === 200)).toBe(true);

  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/admin-idle-board-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(signedOut).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-idle-board-360.png', fullPage: true });

  // The keyboard is on "Sign in again"; it leads to the sign-in and back to the board.
  const again = page.getByRole('link', { name: 'Sign in again' });
  await expect(again).toHaveAttribute('href', '/admin/login?next=%2Fadmin');
  await expect(again).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  await hydrated(page, 'AdminLogin');
  await page.getByLabel('Mobile number').fill(STAFF.owner.mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  const note = page.getByRole('note', { name: 'Demo mode' });
  await expect(note).toBeVisible();
  const code = ((await note.textContent()) ?? '').match(/Demo code:\s*(\d+)/)![1]!;
  await page.getByLabel(/digit code/).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: /^Order #\d+$/ }).first()).toBeVisible();

  await context.close();
});
