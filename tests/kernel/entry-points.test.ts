/**
 * The security headers are the same however the built shop is served — the server entry run
 * directly (`node dist/server/entry.mjs`) and `npm start` (scripts/start.ts, which builds when
 * stale and runs that entry with its Node options) — on a prerendered page, a server-rendered
 * page, an API answer and static files. `astro preview` is not among them: it serves the Node
 * adapter's handler alone (dist/server/astro-handler.mjs), without the build's files or our
 * headers, so it is no way to serve the shop. These servers trust no proxy (TRUSTED_PROXIES
 * empty), so forwarded headers must count for nothing: no HSTS for `X-Forwarded-Proto: https`,
 * no origin match through `X-Forwarded-Host`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone } from '../helpers/api.ts';
import { freePort, type RunningServer, startServer } from '../helpers/server.ts';

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'permissions-policy',
  'strict-transport-security',
];

interface Served {
  name: string;
  baseUrl: string;
  child: ChildProcess;
}

/** Starts one way of serving dist/ on a free port with its own in-memory database; waits for /readyz. */
async function serve(name: string, args: () => string[]): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, args(), {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      ASTRO_NODE_LOGGING: 'disabled',
      TRUSTED_PROXIES: '',
      // The sign-in test below reads demo codes.
      DEMO_MODE: 'true',
      // Demo mode starts the payment simulator: on a port of its own.
      PAYMENT_SIMULATOR_PORT: String(await freePort()),
      // The demo zones dist/ was built with: `npm start` with the tests' zones file would build
      // dist/ again (the zones are a build key) under the other test files' running servers.
      DELIVERY_ZONES_FILE: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { name, baseUrl, child };
}

describe('security headers under every entry point', () => {
  let servers: Served[] = [];

  beforeAll(async () => {
    servers = await Promise.all([
      serve('node dist/server/entry.mjs', () => [path.resolve('dist/server/entry.mjs')]),
      serve('npm start', () => [path.resolve('scripts/start.ts')]),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  });

  /** The security headers of one response (absent ones as null). */
  async function headersOf(baseUrl: string, p: string, extra: Record<string, string> = {}) {
    const res = await fetch(baseUrl + p, { headers: extra });
    await res.arrayBuffer();
    expect(res.status, `${baseUrl}${p}`).toBe(200);
    return Object.fromEntries(SECURITY_HEADERS.map((h) => [h, res.headers.get(h)]));
  }

  it('sends the same security headers on a prerendered page, an SSR page, the API and static files', async () => {
    const home = await (await fetch(`${servers[0]!.baseUrl}/`)).text();
    const asset = /(?:href|src)="(\/_astro\/[^"]+\.(?:css|js))"/.exec(home)?.[1];
    expect(asset).toBeTruthy();
    for (const p of ['/about', '/', '/api/customer/product-categories', '/favicon.svg', asset!]) {
      for (const extra of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
        const [first, ...others] = await Promise.all(servers.map((s) => headersOf(s.baseUrl, p, extra)));
        for (const name of SECURITY_HEADERS.filter((h) => h !== 'strict-transport-security'))
          expect(first![name], `${p} ${name}`).toBeTruthy();
        expect(first!['content-security-policy'], p).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(first!['x-frame-options']).toBe('DENY');
        // From an untrusted connection, X-Forwarded-Proto proves nothing: plain HTTP, no HSTS.
        expect(first!['strict-transport-security'], p).toBeNull();
        others.forEach((h, i) => {
          expect(h, `${servers[i + 1]!.name} ${p} vs ${servers[0]!.name}`).toEqual(first);
        });
      }
    }
  });

  it('ignores X-Forwarded-Host when matching the Origin of a change (no trusted proxy)', async () => {
    const { baseUrl } = servers[0]!;
    const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(baseUrl + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const mobile = randomPhone();
    const reg = await (await post('/api/register', { name: 'Proxy Test', email: 'proxy@example.com', mobile })).json();
    const login = await post('/api/otp-login', { key: mobile, otp: reg.data.demo_otp });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('ff_session='))!
      .split(';')[0]!;
    const forged = await post(
      '/api/logout',
      {},
      { cookie, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    expect(forged.status).toBe(403);
    const profile = await fetch(`${baseUrl}/api/customer/profile`, { headers: { cookie } });
    expect(profile.status).toBe(200);
    const real = await post('/api/logout', {}, { cookie, origin: baseUrl });
    expect(real.status).toBe(200);
  });
});

/**
 * Whether the server asked its own /readyz (the middleware logs the probes at debug) and then
 * said it warmed up (src/server/warm-up.ts).
 */
const readyzAnswered = (lines: string[]) =>
  lines.some((line) => /"method":"GET","path":"\/readyz"/.test(line)) &&
  lines.some((line) => /"msg":"warmed up/.test(line));

describe('the server warms itself up', () => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.stop());

  it('asks its own /readyz once it listens, which opens the database and builds the search catalogue', async () => {
    const logs: string[] = [];
    // Waits for /healthz only: no request to /readyz comes from the test before the server's own.
    server = await startServer({ LOG_LEVEL: 'debug' }, { waitFor: 'healthz', logs });
    const deadline = Date.now() + 60_000;
    while (!readyzAnswered(logs) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(readyzAnswered(logs)).toBe(true);
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'up', search: 'ready' });
  }, 90_000);
});

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

describe.skipIf(!hasOpenssl)('HTTPS from the server entry', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-tls-'));
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null)
      await new Promise<void>((resolve) => {
        child!.once('exit', () => resolve());
        child!.kill('SIGTERM');
      });
    rmSync(dir, { recursive: true, force: true });
  });

  /** GET over HTTPS, trusting only the test's own certificate. */
  function get(url: string, ca: Buffer): Promise<{ status: number; headers: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      https
        .get(url, { ca }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, headers: res.headers });
        })
        .on('error', reject);
    });
  }

  it('serves HTTPS with SERVER_CERT_PATH and SERVER_KEY_PATH, with HSTS, and warms itself up', async () => {
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const made = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert],
    ]);
    expect(made.status).toBe(0);
    const ca = readFileSync(cert);
    const port = await freePort();
    child = spawn(process.execPath, [path.resolve('dist/server/entry.mjs')], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
        PGLITE_DATA_DIR: 'memory://',
        DATABASE_URL: '',
        ASTRO_NODE_LOGGING: 'disabled',
        SERVER_CERT_PATH: cert,
        SERVER_KEY_PATH: key,
        PAYMENT_SIMULATOR_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => (output += chunk));
    const base = `https://localhost:${port}`;
    const deadline = Date.now() + 90_000;
    // The test asks /healthz only; /readyz is answered because the server asks itself, on a
    // private loopback listener of its own (plain HTTP).
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('the HTTPS server did not warm itself up');
      const healthy = (await get(`${base}/healthz`, ca).catch(() => ({ status: 0 }))).status === 200;
      if (healthy && readyzAnswered(output.split('\n'))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const p of ['/', '/about', '/favicon.svg', '/api/customer/product-categories']) {
      const res = await get(base + p, ca);
      expect(res.status, p).toBe(200);
      expect(res.headers['strict-transport-security'], p).toBe('max-age=63072000; includeSubDomains');
    }
  }, 120_000);
});
