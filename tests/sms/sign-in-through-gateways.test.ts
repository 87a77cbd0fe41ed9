/**
 * Sign-in as a shop in India runs it (NODE_ENV=production, its own templates file), on servers of
 * this file's own, on each test database:
 * - SMS_SENDER=exotel: the sign-in code reaches the Exotel simulator with the DLT entity id, the
 *   header and the template id, its text matches the registered template, and it signs in; a text
 *   the gateway does not recognise is refused by the simulator and logged by the shop (number
 *   masked, no code);
 * - SMS_SENDER=msg91: the code reaches the MSG91 simulator as its template id and a named variable,
 *   and signs in;
 * - with Exotel and no DLT settings the server refuses to start, naming each missing setting.
 *
 * The shop's templates file is written here in the form src/features/sms reads
 * (`writeShopTemplatesFile`); the simulators get the same templates as their registrations.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXOTEL_SIMULATOR_ACCOUNT,
  type ExotelSimulator,
  startExotelSimulator,
} from '#features/sms/simulator/exotel.ts';
import { MSG91_SIMULATOR_AUTH_KEY, type Msg91Simulator, startMsg91Simulator } from '#features/sms/simulator/msg91.ts';
import { matchesTemplate, type SimulatorTemplate, templatePattern } from '#features/sms/simulator/templates.ts';
import { ApiClient, randomPhone } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/** The shop's registered sign-in code template (English), as its DLT registration and MSG91 account hold it. */
const SIGN_IN: SimulatorTemplate & { dltTemplateId: string; msg91TemplateId: string } = {
  dltTemplateId: '1107160000000000201',
  msg91TemplateId: '66f0a1b2c3d4e5f6010002a1',
  template: '{#var#} is your FarmFresh verification code. It expires in 5 minutes. Do not share it.',
  variables: ['code'],
};

/** Writes the shop's own templates file (sign-in code only: the other messages stay off) and returns its path. */
function writeShopTemplatesFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sms-templates-')), 'sms-templates.json');
  writeFileSync(
    file,
    JSON.stringify({
      messages: {
        sign_in_code: {
          en: {
            dltTemplateId: SIGN_IN.dltTemplateId,
            msg91TemplateId: SIGN_IN.msg91TemplateId,
            text: SIGN_IN.template,
            variables: SIGN_IN.variables,
          },
        },
      },
    }),
  );
  return file;
}

/** The production settings every server here shares. */
const PRODUCTION = { DEMO_MODE: '', SEED_DEMO: 'never', SHOP_NAME: 'FarmFresh' };

/** Extra settings for a server on `kind`, and the database's drop. */
async function databaseEnv(kind: string): Promise<{ env: Record<string, string>; drop?: () => Promise<void> }> {
  if (kind !== 'postgres') return { env: {} };
  const db = await createPostgresDatabase();
  return { env: { DATABASE_URL: db.url }, drop: db.drop };
}

/** Resolves once `check()` holds, looking again after each short pause. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 25));
}

/** Asks for a sign-up code for a new number; answers the client and the number. */
async function askForCode(baseUrl: string): Promise<{ c: ApiClient; phone: string }> {
  const c = new ApiClient(baseUrl, true);
  const phone = randomPhone();
  const reg = await c.post('/api/register', { json: { name: 'Asha', email: 'asha@example.com', mobile: phone } });
  expect(reg.status).toBe(200);
  expect(reg.body.data.otp_sent).toBe(true);
  return { c, phone };
}

/** Signs in with `code` and checks the session is the number's. */
async function signIn(c: ApiClient, phone: string, code: string): Promise<void> {
  const login = await c.post('/api/otp-login', { json: { key: phone, otp: code } });
  expect(login.status).toBe(200);
  expect((await c.get('/api/customer/session')).body.data.customer.mobile).toBe(phone);
}

describe.each(testDatabaseKinds())('sign-in through Exotel on %s', (kind) => {
  const logs: string[] = [];
  let sim: ExotelSimulator;
  let server: RunningServer;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    sim = await startExotelSimulator({ templates: [SIGN_IN] });
    const db = await databaseEnv(kind);
    drop = db.drop;
    server = await startServer(
      {
        ...PRODUCTION,
        ...db.env,
        SMS_SENDER: 'exotel',
        SMS_TEMPLATES_FILE: writeShopTemplatesFile(),
        SMS_DLT_ENTITY_ID: EXOTEL_SIMULATOR_ACCOUNT.dltEntityId,
        SMS_SENDER_ID: EXOTEL_SIMULATOR_ACCOUNT.senderId,
        EXOTEL_API_URL: sim.url,
        EXOTEL_SID: EXOTEL_SIMULATOR_ACCOUNT.sid,
        EXOTEL_API_KEY: EXOTEL_SIMULATOR_ACCOUNT.apiKey,
        EXOTEL_API_TOKEN: EXOTEL_SIMULATOR_ACCOUNT.apiToken,
      },
      { logs },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await sim?.close();
    await drop?.();
  });

  it('sends the code with the entity id, header and template id, as the registered text, and it signs in', async () => {
    const { c, phone } = await askForCode(server.baseUrl);
    const sms = await sim.waitFor(phone);
    expect(sms).toMatchObject({
      to: phone,
      from: EXOTEL_SIMULATOR_ACCOUNT.senderId,
      dltEntityId: EXOTEL_SIMULATOR_ACCOUNT.dltEntityId,
      dltTemplateId: SIGN_IN.dltTemplateId,
      encodingType: 'plain',
    });
    expect(matchesTemplate(SIGN_IN.template, sms.body)).toBe(true);
    const code = templatePattern(SIGN_IN.template).exec(sms.body)![SIGN_IN.variables.indexOf('code') + 1]!;
    expect(code).toMatch(/^\d{6}$/);
    await signIn(c, phone, code);
  });

  it('a text the registration does not match is refused by the gateway and logged by the shop, without the code', async () => {
    sim.registerTemplates([{ ...SIGN_IN, template: '{#var#} is your FarmFresh code.' }]);
    try {
      const refusedBefore = sim.refused.length;
      const { phone } = await askForCode(server.baseUrl);
      await until(() => logs.some((line) => line.includes('SMS gateway refused the message')));
      expect(sim.refused.slice(refusedBefore)).toEqual([
        { status: 400, reason: `Body does not match the registered text of DLT template ${SIGN_IN.dltTemplateId}` },
      ]);
      expect(sim.messages.filter((m) => m.to === phone)).toEqual([]);
      const { time: _time, ...line } = JSON.parse(logs.find((l) => l.includes('SMS gateway refused the message'))!);
      expect(line).toMatchObject({ sms: 'sign_in_code', gateway: 'exotel', status: 400 });
      expect(JSON.stringify(line)).not.toContain(phone.slice(1));
      // The code (six digits) appears nowhere in the line.
      expect(JSON.stringify(line)).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    } finally {
      sim.registerTemplates([SIGN_IN]);
    }
  });
});

describe.each(testDatabaseKinds())('sign-in through MSG91 on %s', (kind) => {
  let sim: Msg91Simulator;
  let server: RunningServer;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    sim = await startMsg91Simulator({ templates: [SIGN_IN] });
    const db = await databaseEnv(kind);
    drop = db.drop;
    server = await startServer({
      ...PRODUCTION,
      ...db.env,
      SMS_SENDER: 'msg91',
      SMS_TEMPLATES_FILE: writeShopTemplatesFile(),
      SMS_DLT_ENTITY_ID: '1101000000000000001',
      SMS_SENDER_ID: 'FRMFRS',
      MSG91_API_URL: sim.url,
      MSG91_AUTH_KEY: MSG91_SIMULATOR_AUTH_KEY,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sim?.close();
    await drop?.();
  });

  it('sends the MSG91 template id and the code as its variable; MSG91 makes the registered text, and it signs in', async () => {
    const { c, phone } = await askForCode(server.baseUrl);
    const sms = await sim.waitFor(phone);
    expect(sms.to).toBe(phone.slice(1));
    expect(sms.templateId).toBe(SIGN_IN.msg91TemplateId);
    expect(Object.keys(sms.variables)).toEqual(['code']);
    expect(sms.variables.code).toMatch(/^\d{6}$/);
    expect(matchesTemplate(SIGN_IN.template, sms.text)).toBe(true);
    await signIn(c, phone, sms.variables.code!);
  });
});

describe('start-up with Exotel and no DLT settings', () => {
  it('refuses to start, naming each missing setting', async () => {
    const logs: string[] = [];
    await expect(
      startServer(
        {
          ...PRODUCTION,
          SMS_SENDER: 'exotel',
          SMS_TEMPLATES_FILE: '',
          SMS_DLT_ENTITY_ID: '',
          SMS_SENDER_ID: '',
          EXOTEL_API_URL: 'http://127.0.0.1:9',
          EXOTEL_SID: EXOTEL_SIMULATOR_ACCOUNT.sid,
          EXOTEL_API_KEY: EXOTEL_SIMULATOR_ACCOUNT.apiKey,
          EXOTEL_API_TOKEN: EXOTEL_SIMULATOR_ACCOUNT.apiToken,
        },
        { waitFor: 'healthz', logs },
      ),
    ).rejects.toThrow(/exited with code 1/);
    const output = logs.join('\n');
    for (const setting of ['SMS_TEMPLATES_FILE', 'SMS_DLT_ENTITY_ID', 'SMS_SENDER_ID'])
      expect(output).toContain(setting);
  });
});
