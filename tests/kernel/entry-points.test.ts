/**
 * The security headers are the same however the built shop is served — the server entry run
 * directly (`node dist/server/entry.mjs`, as `npm start` runs it) and `astro preview`, which
 * imports its handler — on a prerendered page, a server-rendered page, an API answer and static
 * files. These servers run without TRUST_PROXY, so forwarded headers must count for nothing: no
 * HSTS for `X-Forwarded-Proto: https`, no origin match through `X-Forwarded-Host`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server.ts';
import { randomPhone } from '../helpers/api.ts';

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
async function serve(name: string, args: (port: number) => string[]): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, args(port), {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      ASTRO_NODE_LOGGING: 'disabled',
      TRUST_PROXY: 'false',
      // The sign-in test below reads demo codes.
      SMS_SENDER: 'console',
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
      serve('astro preview', (port) => [
        path.resolve('node_modules/astro/bin/astro.mjs'),
        'preview',
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
      ]),
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
        // Without TRUST_PROXY, X-Forwarded-Proto proves nothing: plain HTTP, no HSTS.
        expect(first!['strict-transport-security'], p).toBeNull();
        others.forEach((h, i) => expect(h, `${servers[i + 1]!.name} ${p} vs ${servers[0]!.name}`).toEqual(first));
      }
    }
  });

  it('ignores X-Forwarded-Host when matching the Origin of a change (no TRUST_PROXY)', async () => {
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
