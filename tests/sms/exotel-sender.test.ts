/**
 * The Exotel sender against the Exotel simulator: what reaches the gateway (header, DLT entity
 * and template ids, the text, Unicode for Malayalam), and what the gateway or DLT scrubbing
 * refuses (a text that is not its template, unregistered ids, wrong credentials), a gateway that
 * is down or too slow: each a 503-style AppError, logged without the text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExotelSmsSender } from '#features/sms/server/exotel.ts';
import {
  EXOTEL_SIMULATOR_ACCOUNT,
  type ExotelSimulator,
  startExotelSimulator,
} from '#features/sms/simulator/exotel.ts';
import type { ExotelOptions, SmsMessage } from '#features/sms/types.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import { message, ORDER_CONFIRMED_EN, SIGN_IN_EN, SIGN_IN_ML, TEMPLATES } from './gateway-templates.ts';

const PHONE = '+919876543210';
let sim: ExotelSimulator;
let options: ExotelOptions;

beforeAll(async () => {
  sim = await startExotelSimulator({ templates: TEMPLATES });
  options = { ...EXOTEL_SIMULATOR_ACCOUNT, apiUrl: sim.url };
});
afterAll(() => sim?.close());
beforeEach(() => {
  sim.settings.delayMs = 0;
  sim.settings.down = false;
});

/** The error `send` rejects with (or undefined when it resolves). */
async function sendError(sender: ExotelSmsSender, msg: SmsMessage, to = PHONE): Promise<unknown> {
  return sender.send(to, msg).then(
    () => undefined,
    (err: unknown) => err,
  );
}

function expectUnavailable(err: unknown): void {
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('unavailable');
}

describe('a message Exotel accepts', () => {
  it('carries the header, the DLT entity and template ids, and the registered text with its code', async () => {
    const msg = message(SIGN_IN_EN, ['482913']);
    await new ExotelSmsSender(options).send(PHONE, msg);
    const sent = await sim.waitFor(PHONE);
    expect(sent).toMatchObject({
      to: PHONE,
      from: 'FRMFRS',
      dltEntityId: EXOTEL_SIMULATOR_ACCOUNT.dltEntityId,
      dltTemplateId: SIGN_IN_EN.dltTemplateId,
      body: '482913 is your FarmFresh verification code. It expires in 5 minutes. Do not share it.',
      encodingType: 'plain',
      smsType: 'transactional',
    });
  });

  it('sends Malayalam as Unicode, every character intact', async () => {
    const phone = '+919876500001';
    const msg = message(SIGN_IN_ML, ['7301']);
    await new ExotelSmsSender(options).send(phone, msg);
    const sent = await sim.waitFor(phone);
    expect(sent.encodingType).toBe('unicode');
    expect(sent.body).toBe('7301 ആണ് നിങ്ങളുടെ FarmFresh സ്ഥിരീകരണ കോഡ്. ഇത് ആരുമായും പങ്കിടരുത്.');
    expect(sent.dltTemplateId).toBe(SIGN_IN_ML.dltTemplateId);
  });

  it('takes a message with several variables and a full link', async () => {
    const phone = '+919876500002';
    await new ExotelSmsSender(options).send(phone, message(ORDER_CONFIRMED_EN, ['FF-1042', '450.00', '1042']));
    expect((await sim.waitFor(phone)).body).toBe(
      'FarmFresh: order FF-1042 of Rs 450.00 is confirmed. See it at https://farmfresh.example/orders/1042',
    );
  });
});

describe('what Exotel refuses', () => {
  it('a text that is not its registered template: the sender throws and logs it without the text', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      const msg = { ...message(SIGN_IN_EN, ['559026']) };
      msg.text = '559026 is your code for FarmFresh.';
      const before = sim.messages.length;
      expectUnavailable(await sendError(new ExotelSmsSender(options), msg));
      expect(sim.messages).toHaveLength(before);
      expect(sim.refused.at(-1)).toEqual({
        status: 400,
        reason: `Body does not match the registered text of DLT template ${SIGN_IN_EN.dltTemplateId}`,
      });
      const logged = JSON.stringify(warn.mock.calls);
      expect(logged).toContain('SMS gateway refused the message');
      expect(logged).toContain('sign_in_code');
      expect(logged).not.toContain('559026');
      expect(logged).not.toContain(PHONE);
    } finally {
      warn.mockRestore();
    }
  });

  it('a variable longer than 30 characters, though the rest matches', async () => {
    const msg = message(ORDER_CONFIRMED_EN, ['FF-1042', '450.00', '1'.repeat(31)]);
    expectUnavailable(await sendError(new ExotelSmsSender(options), msg));
    expect(sim.refused.at(-1)?.reason).toMatch(/^Body does not match/);
  });

  it('Malayalam sent as plain text', async () => {
    const res = await fetch(`${sim.url}/v1/Accounts/${EXOTEL_SIMULATOR_ACCOUNT.sid}/Sms/send.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('exotel-sim-key:exotel-sim-token').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        From: 'FRMFRS',
        To: PHONE,
        Body: message(SIGN_IN_ML, ['1234']).text,
        EncodingType: 'plain',
        DltEntityId: EXOTEL_SIMULATOR_ACCOUNT.dltEntityId,
        DltTemplateId: SIGN_IN_ML.dltTemplateId,
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).RestException.Message).toMatch(/EncodingType=unicode/);
  });

  it('a template id, an entity id or a header the account has not registered', async () => {
    const msg = message(SIGN_IN_EN, ['1234']);
    expectUnavailable(await sendError(new ExotelSmsSender(options), { ...msg, dltTemplateId: '1107160000000999999' }));
    expect(sim.refused.at(-1)?.reason).toMatch(/is not a registered DLT template/);
    expectUnavailable(await sendError(new ExotelSmsSender({ ...options, dltEntityId: '1101000000000000999' }), msg));
    expect(sim.refused.at(-1)?.reason).toMatch(/DltEntityId/);
    expectUnavailable(await sendError(new ExotelSmsSender({ ...options, senderId: 'OTHERS' }), msg));
    expect(sim.refused.at(-1)?.reason).toMatch(/Sender ID/);
  });

  it('wrong credentials or another account', async () => {
    const msg = message(SIGN_IN_EN, ['1234']);
    expectUnavailable(await sendError(new ExotelSmsSender({ ...options, apiToken: 'wrong' }), msg));
    expect(sim.refused.at(-1)?.status).toBe(401);
    expectUnavailable(await sendError(new ExotelSmsSender({ ...options, sid: 'someoneelse' }), msg));
    expect(sim.refused.at(-1)?.status).toBe(401);
  });
});

describe('a gateway in trouble', () => {
  it('down (500): the sender throws', async () => {
    sim.settings.down = true;
    expectUnavailable(await sendError(new ExotelSmsSender(options), message(SIGN_IN_EN, ['1234'])));
  });

  it('slower than the timeout: the sender gives up and throws', async () => {
    sim.settings.delayMs = 1000;
    const phone = '+919876500003';
    const err = await sendError(
      new ExotelSmsSender({ ...options, timeoutMs: 100 }),
      message(SIGN_IN_EN, ['1234']),
      phone,
    );
    expectUnavailable(err);
  });

  it('unreachable: the sender throws', async () => {
    const closed = await startExotelSimulator({ templates: TEMPLATES });
    await closed.close();
    const err = await sendError(new ExotelSmsSender({ ...options, apiUrl: closed.url }), message(SIGN_IN_EN, ['1234']));
    expectUnavailable(err);
  });
});

describe('the simulator without .json', () => {
  it("answers in Exotel's XML form", async () => {
    const res = await fetch(`${sim.url}/v1/Accounts/${EXOTEL_SIMULATOR_ACCOUNT.sid}/Sms/send`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('exotel-sim-key:exotel-sim-token').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        From: 'FRMFRS',
        To: '+919876500004',
        Body: message(SIGN_IN_EN, ['2468']).text,
        DltEntityId: EXOTEL_SIMULATOR_ACCOUNT.dltEntityId,
        DltTemplateId: SIGN_IN_EN.dltTemplateId,
      }),
    });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml[^>]*>\n<TwilioResponse><SMSMessage><Sid>[0-9a-f]{32}<\/Sid>/);
    expect(xml).toContain('<Status>queued</Status>');
  });
});
