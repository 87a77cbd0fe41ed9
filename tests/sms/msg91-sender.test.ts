/**
 * The MSG91 sender against the MSG91 simulator: its Flow API gets the MSG91 template id and the
 * named variables (MSG91 fills the registered text itself, Malayalam included), and what it
 * refuses (a missing variable, an unknown template, a wrong auth key), a message without an MSG91
 * template id, a gateway that is down or too slow: each a 503-style AppError, logged without the values.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Msg91SmsSender } from '#features/sms/server/msg91.ts';
import { MSG91_SIMULATOR_AUTH_KEY, type Msg91Simulator, startMsg91Simulator } from '#features/sms/simulator/msg91.ts';
import type { Msg91Options, SmsMessage } from '#features/sms/types.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import { message, ORDER_CONFIRMED_EN, SIGN_IN_EN, SIGN_IN_ML, TEMPLATES } from './gateway-templates.ts';

const PHONE = '+919876543210';
let sim: Msg91Simulator;
let options: Msg91Options;

beforeAll(async () => {
  sim = await startMsg91Simulator({ templates: TEMPLATES });
  options = { apiUrl: sim.url, authKey: MSG91_SIMULATOR_AUTH_KEY };
});
afterAll(() => sim?.close());
beforeEach(() => {
  sim.settings.delayMs = 0;
  sim.settings.down = false;
});

/** The error `send` rejects with (or undefined when it resolves). */
async function sendError(sender: Msg91SmsSender, msg: SmsMessage, to = PHONE): Promise<unknown> {
  return sender.send(to, msg).then(
    () => undefined,
    (err: unknown) => err,
  );
}

function expectUnavailable(err: unknown): void {
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('unavailable');
}

describe('a message MSG91 accepts', () => {
  it('carries the MSG91 template id and the named variables; MSG91 makes the registered text', async () => {
    const msg = message(SIGN_IN_EN, ['482913']);
    await new Msg91SmsSender(options).send(PHONE, msg);
    const sent = await sim.waitFor(PHONE);
    expect(sent).toMatchObject({
      to: '919876543210',
      templateId: SIGN_IN_EN.msg91TemplateId,
      variables: { code: '482913' },
      text: msg.text,
    });
  });

  it('Malayalam arrives intact', async () => {
    const phone = '+919876500011';
    const msg = message(SIGN_IN_ML, ['7301']);
    await new Msg91SmsSender(options).send(phone, msg);
    expect((await sim.waitFor(phone)).text).toBe('7301 ആണ് നിങ്ങളുടെ FarmFresh സ്ഥിരീകരണ കോഡ്. ഇത് ആരുമായും പങ്കിടരുത്.');
  });

  it('several variables, each by its name', async () => {
    const phone = '+919876500012';
    await new Msg91SmsSender(options).send(phone, message(ORDER_CONFIRMED_EN, ['FF-1042', '450.00', '1042']));
    const sent = await sim.waitFor(phone);
    expect(sent.variables).toEqual({ order: 'FF-1042', amount: '450.00', order_id: '1042' });
    expect(sent.text).toBe(
      'FarmFresh: order FF-1042 of Rs 450.00 is confirmed. See it at https://farmfresh.example/orders/1042',
    );
  });
});

describe('what is not sent', () => {
  it('a message without an MSG91 template id: refused before any request, the log names the message', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      const before = sim.messages.length + sim.refused.length;
      const msg = { ...message(SIGN_IN_EN, ['559026']), msg91TemplateId: undefined };
      expectUnavailable(await sendError(new Msg91SmsSender(options), msg));
      expect(sim.messages.length + sim.refused.length).toBe(before);
      const logged = JSON.stringify(error.mock.calls);
      expect(logged).toContain('no MSG91 template id (msg91TemplateId) for sign_in_code (en)');
      expect(logged).not.toContain('559026');
    } finally {
      error.mockRestore();
    }
  });

  it('a missing variable: MSG91 refuses, the sender throws and logs it without the values', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      const msg = message(ORDER_CONFIRMED_EN, ['FF-1042', '450.00', '1042']);
      msg.variables = msg.variables.filter((v) => v.name !== 'amount');
      expectUnavailable(await sendError(new Msg91SmsSender(options), msg));
      expect(sim.refused.at(-1)).toEqual({
        status: 400,
        reason: `Variable amount is missing for template ${ORDER_CONFIRMED_EN.msg91TemplateId}`,
      });
      const logged = JSON.stringify(warn.mock.calls);
      expect(logged).toContain('SMS gateway refused the message');
      expect(logged).not.toContain('FF-1042');
      expect(logged).not.toContain(PHONE);
    } finally {
      warn.mockRestore();
    }
  });

  it('a variable over 30 characters', async () => {
    const msg = message(ORDER_CONFIRMED_EN, ['FF-1042', '450.00', '1'.repeat(31)]);
    expectUnavailable(await sendError(new Msg91SmsSender(options), msg));
    expect(sim.refused.at(-1)?.reason).toMatch(/over the DLT limit of 30 characters/);
  });

  it('an unknown template id', async () => {
    const msg = { ...message(SIGN_IN_EN, ['1234']), msg91TemplateId: 'not-in-this-account' };
    expectUnavailable(await sendError(new Msg91SmsSender(options), msg));
    expect(sim.refused.at(-1)).toEqual({ status: 400, reason: 'Template ID not-in-this-account is not valid' });
  });

  it('a wrong auth key', async () => {
    expectUnavailable(
      await sendError(new Msg91SmsSender({ ...options, authKey: 'wrong' }), message(SIGN_IN_EN, ['1234'])),
    );
    expect(sim.refused.at(-1)?.status).toBe(401);
  });
});

describe('a gateway in trouble', () => {
  it('down (500): the sender throws', async () => {
    sim.settings.down = true;
    expectUnavailable(await sendError(new Msg91SmsSender(options), message(SIGN_IN_EN, ['1234'])));
  });

  it('slower than the timeout: the sender gives up and throws', async () => {
    sim.settings.delayMs = 1000;
    const err = await sendError(
      new Msg91SmsSender({ ...options, timeoutMs: 100 }),
      message(SIGN_IN_EN, ['1234']),
      '+919876500013',
    );
    expectUnavailable(err);
  });
});
