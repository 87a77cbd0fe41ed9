/**
 * The senders without a gateway of their own: the generic HTTP sender against a fake gateway on
 * loopback (the text, and the DLT fields when the shop set them), and the demo's console sender,
 * which refuses a text that is not its registered template filled in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsoleSmsSender, HttpSmsSender, renderSms, type SmsMessage } from '#features/sms/index.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import { metricsRegistry } from '#lib/metrics.ts';

/** The SMS gateway error count of `kind` for the http sender, in this process's registry. */
async function smsErrors(kind: string): Promise<number> {
  const metric = await metricsRegistry().getSingleMetric('farmfresh_sms_gateway_errors_total')?.get();
  return metric?.values.find((v) => v.labels.gateway === 'http' && v.labels.kind === kind)?.value ?? 0;
}

/** A sign-in code's message, from the demo templates. */
const signIn = (code: string): SmsMessage => renderSms('sign_in_code', 'en', { code });

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

  it('posts the number and the text as JSON with the bearer token, and no DLT fields the shop has not set', async () => {
    reply = { status: 202 };
    await new HttpSmsSender(url, 'secret-token').send('+919876543210', signIn('1234'));
    expect(received.at(-1)).toEqual({
      auth: 'Bearer secret-token',
      type: 'application/json',
      body: {
        to: '+919876543210',
        message: '1234 is your FarmFresh verification code. It expires in 5 minutes. Never share it.',
      },
    });
  });

  it('adds the DLT entity id, the header and the template id when the shop has them', async () => {
    reply = { status: 202 };
    const message = signIn('5678');
    await new HttpSmsSender(url, 't', { entityId: '1101000000000000001', senderId: 'FRMFRS', templateIds: true }).send(
      '+919876543210',
      message,
    );
    expect(received.at(-1)?.body).toEqual({
      to: '+919876543210',
      message: message.text,
      dlt_entity_id: '1101000000000000001',
      dlt_template_id: message.dltTemplateId,
      sender_id: 'FRMFRS',
    });
  });

  it('turns a refusal into a 503 with a message the customer can act on', async () => {
    reply = { status: 500 };
    const err = await new HttpSmsSender(url, undefined).send('+919876543210', signIn('1')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('unavailable');
    expect(received.at(-1)?.auth).toBeUndefined();
  });

  it('gives up after its timeout, and counts it as a timeout', async () => {
    reply = { status: 200, delayMs: 500 };
    const before = await smsErrors('timeout');
    const started = Date.now();
    const err = await new HttpSmsSender(url, 't', {}, 100).send('+919876543210', signIn('1')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(Date.now() - started).toBeLessThan(450);
    expect(await smsErrors('timeout')).toBe(before + 1);
  });

  it('counts a refusal as refused, with the status logged', async () => {
    reply = { status: 500 };
    const before = await smsErrors('refused');
    const warn = vi.spyOn(logger, 'warn');
    try {
      await new HttpSmsSender(url, undefined).send('+919876543210', signIn('1')).catch(() => undefined);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }), 'SMS gateway refused the message');
    } finally {
      warn.mockRestore();
    }
    expect(await smsErrors('refused')).toBe(before + 1);
  });

  it('says the gateway is unreachable, with no status, when nothing answers, and counts it', async () => {
    // A port that was listening a moment ago and is closed now: the connection is refused.
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const before = await smsErrors('unreachable');
    const warn = vi.spyOn(logger, 'warn');
    try {
      const err = await new HttpSmsSender(`http://127.0.0.1:${port}/sms`, 't')
        .send('+919876543210', signIn('1'))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      const messages = warn.mock.calls.map((call) => call[1]);
      expect(messages).toEqual(['SMS gateway unreachable']);
      expect(warn.mock.calls[0]?.[0]).not.toHaveProperty('status');
    } finally {
      warn.mockRestore();
    }
    expect(await smsErrors('unreachable')).toBe(before + 1);
  });
});

describe('ConsoleSmsSender (demo mode)', () => {
  it('refuses a text that differs from its registered template, as the operators would', async () => {
    const message = signIn('482913');
    const edited = { ...message, text: message.text.replace('Never share it.', 'Do not share it.') };
    await expect(new ConsoleSmsSender().send('+919876543210', edited)).rejects.toThrow(/does not match/);
    const foreign = { ...message, template: '{#var#} is your code', text: '482913 is your code' };
    await expect(new ConsoleSmsSender().send('+919876543210', foreign)).rejects.toThrow(/differs/);
    await expect(new ConsoleSmsSender().send('+919876543210', message)).resolves.toBeUndefined();
  });

  it('never logs the message (the code) at info or above: debug only', async () => {
    const level = logger.level;
    logger.level = 'trace'; // pino binds its level methods when the level is set: spy afterwards
    const spies = (['info', 'warn', 'error', 'debug'] as const).map(
      (name) => [name, vi.spyOn(logger, name).mockImplementation(() => undefined)] as const,
    );
    try {
      await new ConsoleSmsSender().send('+919876543210', signIn('482913'));
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
