/**
 * Demo mode is one switch (DEMO_MODE, `npm run demo`), and every other way of starting the shop
 * is production, on each test database:
 * - the configuration: unset NODE_ENV is production; demo mode alone turns on the console SMS
 *   sender, the payment simulator and demo seeding; those settings in production without
 *   demo mode stop start-up, naming them;
 * - `node dist/server/entry.mjs` with no environment at all and `npm start` (scripts/start.ts)
 *   hand no code to the client, leave an empty database empty and show no demo notice (the
 *   storefront's banner, the staff sign-in page's demo staff); `npm run demo` does all three.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '#lib/config/seller-settings.ts';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { randomPhone } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { freePort } from '../helpers/server.ts';

const entry = path.resolve(process.env.TEST_SERVER_DIST || 'dist', 'server/entry.mjs');

describe('configuration', () => {
  const saved = { ...process.env };
  function configure(env: Record<string, string>) {
    for (const key of ['NODE_ENV', 'DEMO_MODE', 'SMS_SENDER', 'PAYMENT_GATEWAY', 'SEED_DEMO', 'OTP_LENGTH'])
      delete process.env[key];
    Object.assign(process.env, env);
    resetConfigForTests();
  }
  afterEach(() => {
    process.env = { ...saved };
    resetConfigForTests();
  });

  it('is production when NODE_ENV is unset: no SMS sender, no test payments, no demo data', () => {
    configure({});
    expect(getConfig()).toMatchObject({
      NODE_ENV: 'production',
      DEMO_MODE: false,
      SMS_SENDER: undefined,
      PAYMENT_GATEWAY: undefined,
      SEED_DEMO: 'never',
      OTP_LENGTH: 6,
    });
  });

  it('DEMO_MODE=true alone turns on the console sender, the payment simulator and demo seeding', () => {
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true' });
    expect(getConfig()).toMatchObject({
      DEMO_MODE: true,
      SMS_SENDER: 'console',
      PAYMENT_GATEWAY: 'simulator',
      SEED_DEMO: 'auto',
      OTP_LENGTH: 4,
    });
  });

  it('astro dev (NODE_ENV=development) stays development: demo mode unless DEMO_MODE=false', () => {
    configure({ NODE_ENV: 'development' });
    expect(getConfig().DEMO_MODE).toBe(true);
    configure({ NODE_ENV: 'development', DEMO_MODE: 'false' });
    expect(getConfig()).toMatchObject({ DEMO_MODE: false, SMS_SENDER: undefined });
  });

  it.each([
    ['SMS_SENDER', 'console'],
    ['PAYMENT_GATEWAY', 'simulator'],
    ['SEED_DEMO', 'auto'],
  ])('refuses %s=%s in production without demo mode, naming it', (name, value) => {
    configure({ NODE_ENV: 'production', [name]: value });
    expect(() => getConfig()).toThrow(new RegExp(`${name}: ${value} is for demo mode only; set DEMO_MODE=true`));
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true', [name]: value });
    expect(() => getConfig()).not.toThrow();
  });
});

interface Started {
  baseUrl: string;
  child: ChildProcess;
  output: string[];
}

/** Every process started here, so that none outlives its test (even one that timed out while starting). */
const children = new Set<ChildProcess>();

/** Runs `args` with Node and only `env` (plus PATH and HOME): no NODE_ENV, no DEMO_MODE unless given. */
function run(args: string[], env: Record<string, string>): { child: ChildProcess; output: string[] } {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  return { child, output };
}

/** Starts `args` on a free port with `env` and waits for /readyz. */
async function serve(args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  // Demo mode starts the payment simulator: on a port of its own.
  const simulatorPort = String(await freePort());
  const { child, output } = run(args, {
    HOST: '127.0.0.1',
    PORT: String(port),
    PAYMENT_SIMULATOR_PORT: simulatorPort,
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output.join('')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`not ready: ${output.join('')}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, child, output };
}

const stop = (s: Started | undefined) =>
  new Promise<void>((resolve) => {
    if (!s || s.child.exitCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });

const register = (baseUrl: string) =>
  fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Anyone', email: 'anyone@example.com', mobile: randomPhone() }),
  });

/** Whether the home page carries the demo shop's banner. */
const demoBanner = async (baseUrl: string) => (await (await fetch(`${baseUrl}/`)).text()).includes('data-demo-banner');

/** The demo staff's mobiles as the staff sign-in page shows them (docs/demo-shop.md). */
const DEMO_STAFF_MOBILES = ['+91 94470 00101', '+91 94470 00102', '+91 94470 00103', '+91 94470 00104'];

/** The staff sign-in page's HTML, once it answers 200. */
async function staffSignInPage(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/admin/login`);
  expect(res.status).toBe(200);
  return res.text();
}

const categories = async (baseUrl: string) =>
  ((await (await fetch(`${baseUrl}/api/customer/product-categories`)).json()) as { data: { categories: unknown[] } })
    .data.categories;

describe.each(testDatabaseKinds())(
  'ways of starting the shop on %s',
  (kind) => {
    let server: Started | undefined;
    let drop: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await stop(server);
      server = undefined;
      await drop?.();
      drop = undefined;
    });

    /** A fresh empty database for one server. */
    async function database(): Promise<Record<string, string>> {
      if (kind === 'pglite') return { PGLITE_DATA_DIR: 'memory://' };
      const db = await createPostgresDatabase();
      drop = db.drop;
      return { DATABASE_URL: db.url, WEB_CONCURRENCY: '1' };
    }

    it('`node dist/server/entry.mjs` with no environment is production: no code to the client, no demo data', async () => {
      server = await serve([entry], { ...(await database()), ASTRO_NODE_LOGGING: 'disabled' });
      const res = await register(server.baseUrl);
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(text).not.toMatch(/demo_otp|\d{4}"/);
      expect(await categories(server.baseUrl)).toEqual([]);
      expect(await demoBanner(server.baseUrl)).toBe(false);
      const signIn = await staffSignInPage(server.baseUrl);
      expect(signIn).not.toContain('data-demo-staff');
      for (const mobile of DEMO_STAFF_MOBILES) expect(signIn).not.toContain(mobile);
      // Start-up says why sign-in is off.
      expect(server.output.join('')).toMatch(/SMS_SENDER is not set/);
    });

    it('`npm start` is production; `npm run demo` hands out codes and seeds the demo shop', async () => {
      const start = path.resolve('scripts/start.ts');
      // The demo's seller details, set by name, so that `npm start` finds dist/ (the tests' demo
      // build, tests/helpers/global-setup.ts) current and builds nothing under the other servers.
      server = await serve([start], { ...(await database()), ...DEMO_SELLER, ASTRO_NODE_LOGGING: 'disabled' });
      expect((await register(server.baseUrl)).status).toBe(503);
      expect(await categories(server.baseUrl)).toEqual([]);
      await stop(server);
      await drop?.();
      drop = undefined;
      server = await serve([start, '--demo'], { ...(await database()), ASTRO_NODE_LOGGING: 'disabled' });
      const res = await register(server.baseUrl);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { demo_otp?: string } }).data.demo_otp).toMatch(/^\d{4}$/);
      expect((await categories(server.baseUrl)).length).toBeGreaterThan(0);
      expect(await demoBanner(server.baseUrl)).toBe(true);
      const signIn = await staffSignInPage(server.baseUrl);
      expect(signIn).toContain('data-demo-staff');
      for (const mobile of DEMO_STAFF_MOBILES) expect(signIn).toContain(mobile);
      // `npm start` says so once it sees /readyz answer 200 (it asks every half second).
      const said = Date.now() + 5000;
      while (!/demo mode/.test(server.output.join('')) && Date.now() < said)
        await new Promise((r) => setTimeout(r, 100));
      expect(server.output.join('')).toMatch(/demo mode/);
    });

    it('a demo-only setting without demo mode stops start-up with a message naming it', async () => {
      const env = await database();
      for (const [name, value] of [
        ['SMS_SENDER', 'console'],
        ['PAYMENT_GATEWAY', 'simulator'],
        ['SEED_DEMO', 'auto'],
      ]) {
        const { child, output } = run([entry], {
          ...env,
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          [name!]: value!,
        });
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
        expect(code).toBe(1);
        const said = output.join('');
        expect(said).toContain(`${name}: ${value} is for demo mode only`);
        expect(said).not.toMatch(/\n\s+at /); // a message, not a stack trace
      }
    });
    // Each test starts whole servers (two for `npm start` and `npm run demo`).
  },
  120_000,
);
