/** The HTTP SMS sender against a fake gateway on loopback. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsoleSmsSender, HttpSmsSender } from '#features/auth/server/sms.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';

describe('HttpSmsSender', () => {
  const received: { auth?: string; type?: string; body: unknown }[] = [];
  let reply: { status: number; delayMs?: number } = { status: 200 };
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({
          auth: req.headers.authorization,
          type: req.headers['content-type'],
          body: JSON.parse(data || 'null'),
        });
        setTimeout(() => {
          res.writeHead(reply.status).end();
        }, reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts the number and message as JSON with the bearer token', async () => {
    reply = { status: 202 };
    await new HttpSmsSender(url, 'secret-token').send('+919876543210', '1234 is your code');
    expect(received.at(-1)).toEqual({
      auth: 'Bearer secret-token',
      type: 'application/json',
      body: { to: '+919876543210', message: '1234 is your code' },
    });
  });

  it('turns a refusal into a 503 with a message the customer can act on', async () => {
    reply = { status: 500 };
    const err = await new HttpSmsSender(url, undefined).send('+919876543210', 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('unavailable');
    expect(received.at(-1)?.auth).toBeUndefined();
  });

  it('gives up after its timeout', async () => {
    reply = { status: 200, delayMs: 500 };
    const started = Date.now();
    const err = await new HttpSmsSender(url, 't', 100).send('+919876543210', 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(Date.now() - started).toBeLessThan(450);
  });
});

describe('ConsoleSmsSender (demo mode)', () => {
  it('never logs the message (the code) at info or above: debug only', async () => {
    const level = logger.level;
    logger.level = 'trace'; // pino binds its level methods when the level is set: spy afterwards
    const spies = (['info', 'warn', 'error', 'debug'] as const).map(
      (name) => [name, vi.spyOn(logger, name).mockImplementation(() => undefined)] as const,
    );
    try {
      await new ConsoleSmsSender().send('+919876543210', '482913 is your FarmFresh verification code.');
      const withCode = spies
        .filter(([, spy]) => JSON.stringify(spy.mock.calls).includes('482913'))
        .map(([name]) => name);
      expect(withCode).toEqual(['debug']);
    } finally {
      for (const [, spy] of spies) spy.mockRestore();
      logger.level = level;
    }
  });
});
