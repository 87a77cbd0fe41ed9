/**
 * Where the server listens: HOST must name an interface (a host name or an IP address), and a
 * server that cannot listen — its port taken, its host not this machine's — stops with one line
 * saying why and what to set, not a stack trace.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { freePort } from '../helpers/server.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

/** The configuration with HOST set to `host`, or the error it throws. */
function withHost(host: string): string {
  process.env.HOST = host;
  resetConfigForTests();
  try {
    return getConfig().HOST;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('HOST', () => {
  it('takes a host name or an IP address', () => {
    for (const host of ['localhost', 'shop.example.com', 'app-1', '0.0.0.0', '127.0.0.1', '::', '::1'])
      expect(withHost(host), host).toBe(host);
  });

  it('refuses anything else, naming the variable', () => {
    for (const host of ['999.1.1.1', '1.2.3', 'bad host', '[::1]', 'http://localhost', 'shop_1.example'])
      expect(withHost(host), host).toMatch(/HOST: must be a host name or an IP address/);
  });
});

describe('a server that cannot listen', () => {
  it('says the port is taken, in one line, and exits 1', async () => {
    const port = await freePort();
    const taken = net.createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    try {
      const child = spawn(process.execPath, [path.resolve('dist/server/entry.mjs')], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          NODE_ENV: 'production',
          DEMO_MODE: '',
          PGLITE_DATA_DIR: 'memory://',
          DATABASE_URL: '',
          ASTRO_NODE_LOGGING: 'disabled',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(
        `FarmFresh cannot start. Port ${port} on 127.0.0.1 is already in use: stop what uses it, or set PORT to another port.`,
      );
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
    }
  }, 60_000);
});
