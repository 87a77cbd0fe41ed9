/**
 * SMS on a running shop, on each test database: with the generic http sender and the shop's own
 * templates and DLT settings, a sign-in code reaches the gateway with the entity id, header and
 * template id, its text the registered template with the code in place, and signs in; start-up
 * with Exotel and no DLT settings, or with a templates file lacking the sign-in code, stops
 * before the server listens, naming what is missing; a file lacking another message starts, warns
 * and shows the owner (not a packer) a banner in the back office saying that message is off.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '#features/sms/data/templates.json' with { type: 'json' };
import { DEMO_STAFF_PHONE, staffClient } from '../admin/staff-helpers.ts';
import { ApiClient, randomPhone } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { FakeSmsGateway } from '../helpers/sms-gateway.ts';

const TEMPLATES_FILE = 'src/features/sms/data/templates.json';
const ENTITY_ID = '1101000000000000042';

describe.each(testDatabaseKinds())('sign-in SMS through the http sender with DLT settings on %s', (kind) => {
  const gateway = new FakeSmsGateway();
  let server: RunningServer;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const env: Record<string, string> = {
      SMS_SENDER: 'http',
      SMS_GATEWAY_URL: await gateway.start(),
      SMS_TEMPLATES_FILE: TEMPLATES_FILE,
      SMS_DLT_ENTITY_ID: ENTITY_ID,
      SMS_SENDER_ID: 'FRMFRS',
      SEED_DEMO: 'never',
    };
    if (kind === 'postgres') {
      const db = await createPostgresDatabase();
      drop = db.drop;
      env.DATABASE_URL = db.url;
    }
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await gateway.stop();
    await drop?.();
  });

  it('carries the entity id, header and template id, with the registered text, and the code signs in', async () => {
    const c = new ApiClient(server.baseUrl, true);
    const phone = randomPhone();
    const reg = await c.post('/api/register', { json: { name: 'Asha', email: 'asha@example.com', mobile: phone } });
    expect(reg.status).toBe(200);
    const sms = (await gateway.message(phone)) as unknown as Record<string, string>;
    const code = await gateway.code(phone);
    expect(sms).toEqual({
      to: phone,
      message: `${code} is your FarmFresh verification code. It expires in 5 minutes. Never share it.`,
      dlt_entity_id: ENTITY_ID,
      dlt_template_id: demo.messages.sign_in_code.en.dltTemplateId,
      sender_id: 'FRMFRS',
    });
    const login = await c.post('/api/otp-login', { json: { key: phone, otp: code } });
    expect(login.status).toBe(200);
    expect((await c.get('/api/customer/session')).body.data.customer.mobile).toBe(phone);
  });
});

describe('start-up refuses SMS it could not send', () => {
  it('with Exotel and no DLT settings, naming each', async () => {
    const logs: string[] = [];
    await expect(
      startServer(
        { SMS_SENDER: 'exotel', EXOTEL_SID: 'farmfresh', EXOTEL_API_KEY: 'k', EXOTEL_API_TOKEN: 't' },
        { waitFor: 'healthz', logs },
      ),
    ).rejects.toThrow(/exited with code 1/);
    const said = logs.join('\n');
    for (const name of ['SMS_TEMPLATES_FILE', 'SMS_DLT_ENTITY_ID', 'SMS_SENDER_ID'])
      expect(said).toContain(`${name}: required when SMS_SENDER=exotel`);
  });

  it('with a templates file that lacks the sign-in code', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sms-templates-')), 'templates.json');
    const { sign_in_code: _, ...others } = demo.messages;
    writeFileSync(file, JSON.stringify({ messages: others }));
    const logs: string[] = [];
    await expect(
      startServer(
        { SMS_SENDER: 'http', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms', SMS_TEMPLATES_FILE: file },
        { waitFor: 'healthz', logs },
      ),
    ).rejects.toThrow(/exited with code 1/);
    expect(logs.join('\n')).toContain(
      `FarmFresh cannot start. SMS_TEMPLATES_FILE (${file}) lacks the sign-in code's template (messages.sign_in_code.en): nobody could sign in.`,
    );
  });
});

describe('a templates file without one message', () => {
  const logs: string[] = [];
  let server: RunningServer;

  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sms-templates-')), 'templates.json');
    const { order_delivered: _, ...others } = demo.messages;
    writeFileSync(file, JSON.stringify({ messages: others }));
    server = await startServer({ DEMO_MODE: 'true', SMS_TEMPLATES_FILE: file, LOG_LEVEL: 'warn' }, { logs });
  });
  afterAll(() => server?.stop());

  it('starts, warns, and tells the owner in the back office that the message is off', async () => {
    expect(logs.join('\n')).toContain('The Delivered SMS is off: no registered template for order_delivered');
    const page = async (phone: string) => {
      const staff = await staffClient(server.baseUrl, phone);
      const cookie = staff.cookie!.replace(/^ff_staff_api=/, 'ff_staff=');
      return (await fetch(`${server.baseUrl}/admin`, { headers: { cookie } })).text();
    };
    const notice = 'The Delivered SMS is off: no registered template for it in SMS_TEMPLATES_FILE.';
    expect(await page(DEMO_STAFF_PHONE.owner)).toContain(notice);
    expect(await page(DEMO_STAFF_PHONE.packer)).not.toContain(notice);
  });
});
