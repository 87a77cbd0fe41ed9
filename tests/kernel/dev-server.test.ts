/**
 * One request path: `npm run dev` (astro dev) answers through the same listener as the
 * built server (src/server/dev-server.ts): the same security headers on a rendered page, the API,
 * a static file and an unknown API address, and a development Content-Security-Policy that lets
 * Vite's inline styles apply (Astro's hashed page policy left every dev page unstyled).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CSP, securityHeaders } from '#lib/http/security-headers.ts';
import { freePort } from '../helpers/server.ts';

let child: ChildProcess;
let baseUrl = '';

beforeAll(async () => {
  const port = await freePort();
  // Astro's dev server serves nothing when it thinks it runs inside Vitest (VITEST is set here).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  child = spawn(
    process.execPath,
    [path.resolve('node_modules/astro/bin/astro.mjs'), 'dev', '--host', '127.0.0.1', '--port', String(port)],
    {
      env: {
        ...env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PGLITE_DATA_DIR: 'memory://',
        DATABASE_URL: '',
        SMS_SENDER: 'console',
        // Development is demo mode, which starts the payment simulator: on a port of its own.
        PAYMENT_SIMULATOR_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  baseUrl = `http://127.0.0.1:${port}`;
  // Generous: under a full parallel test run the dev server compiles and seeds on a busy machine.
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`astro dev exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('astro dev did not become ready');
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}, 180_000);

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
});

describe('astro dev behind the shared listener', () => {
  it('sends the security headers of the built server on a page, the API and a static file', async () => {
    const expected = { ...securityHeaders({ https: false }), 'content-security-policy': DEV_CSP };
    for (const p of ['/about', '/api/customer/product-categories', '/favicon.svg']) {
      const res = await fetch(baseUrl + p);
      await res.arrayBuffer();
      expect(res.status, p).toBe(200);
      for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${p} ${name}`).toBe(value);
      // The styles Vite inlines into a dev page apply; framing stays forbidden.
      expect(res.headers.get('content-security-policy')).toMatch(/style-src [^;]*'unsafe-inline'/);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  }, 90_000);

  it('answers an unknown /api address with the JSON envelope, not the HTML page', async () => {
    const res = await fetch(`${baseUrl}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ success: false, message: expect.any(String) });
  }, 60_000);
});
