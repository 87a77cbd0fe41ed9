/**
 * The registered SMS templates: every message the shop sends is its template with the variables
 * filled (each at most 30 characters, none missing), Malayalam stays Unicode, links are full
 * addresses with only the order number variable; a templates file with a mistake is refused
 * naming its place; a message without a template is off (start-up warning, setup notice), the
 * sign-in code's absence stops start-up; the Exotel and MSG91 senders refuse to start without
 * their settings, naming each; the demo file's made-up ids with a real gateway are a warning, a
 * setup notice and an `npm run sms:check` problem; the check prints the texts also while the
 * gateway's settings are incomplete.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import demo from '#features/sms/data/templates.json' with { type: 'json' };
import {
  DEMO_TEMPLATES_FILE,
  parseSmsTemplates,
  renderSms,
  SMS_TEMPLATE_KEYS,
  SMS_TEMPLATE_LANGUAGES,
  SMS_TEMPLATE_VARIABLES,
  SmsTemplatesError,
  setSmsTemplatesForTests,
  smsMessagesOff,
  smsSetupNotices,
  smsStartupCheck,
  unregisteredReason,
  usesDemoTemplateIds,
} from '#features/sms/index.ts';
import { getConfig, resetConfigForTests } from '#lib/config.ts';

const saved = { ...process.env };
/** Sets the environment for one test (the configuration is read again). */
function configure(env: Record<string, string>) {
  process.env = { ...saved, ...env };
  resetConfigForTests();
  setSmsTemplatesForTests(null);
}
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
  setSmsTemplatesForTests(null);
});

/** The demo file with `change` applied to a copy. */
function demoWith(change: (file: typeof demo) => void): typeof demo {
  const copy = structuredClone(demo);
  change(copy);
  return copy;
}

describe('rendering a registered template', () => {
  it('fills each place and is exactly the registered text, for every message and language', () => {
    configure({ SHOP_NAME: 'Thrissur Fresh', SITE_URL: 'https://shop.example.in/' });
    const sample = { code: '482913', order: '1042', phone: '+91••••••••45', ticket: 'C-26-000042' };
    for (const key of SMS_TEMPLATE_KEYS) {
      for (const language of SMS_TEMPLATE_LANGUAGES) {
        const message = renderSms(key, language, sample);
        expect(message.language).toBe(language);
        expect(unregisteredReason(message)).toBeNull();
        expect([...new Set(message.variables.map((v) => v.name))]).toEqual(SMS_TEMPLATE_VARIABLES[key]);
        expect(message.text).not.toContain('{');
        if (key !== 'sign_in_code' && key !== 'phone_changed')
          expect(message.text.startsWith('Thrissur Fresh: ')).toBe(true);
      }
    }
  });

  it('writes the order link as a full address with only the order number variable', () => {
    configure({ SITE_URL: 'https://shop.example.in/' });
    const message = renderSms('order_confirmed', 'en', { order: '1042' });
    expect(message.template).toContain('https://shop.example.in/track-order?order={#var#}');
    expect(message.text).toBe(
      'FarmFresh: Your order #1042 is confirmed. We will SMS you when it is out for delivery. Track it: https://shop.example.in/track-order?order=1042',
    );
  });

  it('keeps Malayalam as Unicode text', () => {
    const message = renderSms('order_cancelled', 'ml', { order: '7' });
    expect(message.text).toBe('FarmFresh: നിങ്ങളുടെ ഓർഡർ #7 റദ്ദാക്കി. റീഫണ്ട് വിവരങ്ങൾ My Orders-ൽ കാണാം.');
    expect(message.dltTemplateId).toBe(demo.messages.order_cancelled.ml.dltTemplateId);
  });

  it('refuses a variable over 30 characters, an empty one and a missing one', () => {
    expect(() => renderSms('sign_in_code', 'en', { code: '1'.repeat(31) })).toThrow(/31 characters; at most 30/);
    expect(renderSms('sign_in_code', 'en', { code: '1'.repeat(30) }).text).toMatch(/^1{30} is your/);
    expect(() => renderSms('order_delivered', 'en', { order: '' })).toThrow(/needs a value for order/);
    expect(() => renderSms('phone_changed', 'en', { order: '5' })).toThrow(/needs a value for phone/);
  });

  it('sends a message in English when its Malayalam template is missing', () => {
    setSmsTemplatesForTests(demoWith((f) => delete (f.messages.order_delivered as { ml?: unknown }).ml));
    const message = renderSms('order_delivered', 'ml', { order: '9' });
    expect(message.language).toBe('en');
    expect(message.text).toBe('FarmFresh: Your order #9 has been delivered. Thank you for shopping with us!');
  });
});

describe('the templates file', () => {
  const problems = (raw: unknown) => {
    try {
      parseSmsTemplates(raw, 'shop.json', true);
      return '';
    } catch (err) {
      expect(err).toBeInstanceOf(SmsTemplatesError);
      return (err as Error).message;
    }
  };

  it('accepts the repository’s demo file', () => {
    expect(problems(demo)).toBe('');
  });

  it('names the place of each mistake', () => {
    const text = problems(
      demoWith((f) => {
        f.messages.order_confirmed.en.variables = ['order'];
        f.messages.order_delivered.en.text = '{shop}: Order delivered to {customer}.';
        f.messages.phone_changed.ml.variables = ['name'];
        f.messages.sign_in_code.en.dltTemplateId = 'T-1';
      }),
    );
    expect(text).toContain('messages.sign_in_code.en.dltTemplateId');
    const other = problems(
      demoWith((f) => {
        f.messages.order_confirmed.en.variables = ['order'];
        f.messages.order_delivered.en.text = '{shop}: Order {#var#} delivered to {customer}.';
        f.messages.phone_changed.ml.variables = ['name'];
      }),
    );
    expect(other).toContain('messages.order_confirmed.en: has 2 {#var#} place(s) but names 1 variable(s)');
    expect(other).toContain('messages.order_delivered.en: has unknown placeholder(s) {customer}');
    expect(other).toContain('messages.phone_changed.ml: names unknown variable(s) name; this message fills phone');
    expect(problems({ messages: { welcome: {} } })).toContain('messages: Unrecognized key');
  });

  it('fills the shop’s name, address and phone as fixed text once', () => {
    configure({ SHOP_NAME: 'Thrissur Fresh', SHOP_PHONE: '+91 487 200 1234' });
    const parsed = parseSmsTemplates(demo, 'demo', false);
    const changed = parsed.templates.find((t) => t.key === 'phone_changed' && t.language === 'en')!;
    expect(changed.text).toBe(
      "Your Thrissur Fresh account's mobile number was changed to {#var#}. If you did not do this, call us on +91 487 200 1234.",
    );
  });
});

describe('messages without a template', () => {
  it('are off: named in a start-up warning and a setup notice for the owner; the others still go', () => {
    configure({ NODE_ENV: 'production', SMS_SENDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/send' });
    setSmsTemplatesForTests(demoWith((f) => delete (f.messages as { order_delivered?: unknown }).order_delivered));
    expect(smsMessagesOff()).toEqual(['order_delivered']);
    const check = smsStartupCheck();
    expect(check.errors).toEqual([]);
    expect(check.warnings).toContain(
      'The Delivered SMS is off: no registered template for order_delivered in SMS_TEMPLATES_FILE (test).',
    );
    expect(smsSetupNotices()).toContainEqual({
      message:
        'The Delivered SMS is off: no registered template for it in SMS_TEMPLATES_FILE. Register one and add it to the file (npm run sms:check lists them).',
      permission: 'staff.manage',
    });
    expect(() => renderSms('order_delivered', 'en', { order: '1' })).toThrow(/off/);
    expect(renderSms('order_cancelled', 'en', { order: '1' }).text).toContain('#1');
  });

  it('stop start-up when the sign-in code has none', () => {
    configure({ NODE_ENV: 'production', SMS_SENDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/send' });
    setSmsTemplatesForTests(demoWith((f) => delete (f.messages as { sign_in_code?: unknown }).sign_in_code));
    expect(smsStartupCheck().errors).toEqual([
      "SMS_TEMPLATES_FILE (test) lacks the sign-in code's template (messages.sign_in_code.en): nobody could sign in.",
    ]);
  });

  it('with MSG91, include a template without MSG91’s template id', () => {
    configure({
      NODE_ENV: 'production',
      SMS_SENDER: 'msg91',
      SMS_TEMPLATES_FILE: DEMO_TEMPLATES_FILE,
      SMS_DLT_ENTITY_ID: '1101000000000000001',
      MSG91_AUTH_KEY: 'k',
    });
    setSmsTemplatesForTests(
      demoWith((f) => {
        delete (f.messages.payment_refunded.en as { msg91TemplateId?: string }).msg91TemplateId;
        delete (f.messages.payment_refunded.ml as { msg91TemplateId?: string }).msg91TemplateId;
      }),
    );
    expect(smsMessagesOff()).toEqual(['payment_refunded']);
    expect(renderSms('order_delivered', 'en', { order: '3' }).msg91TemplateId).toBe(
      demo.messages.order_delivered.en.msg91TemplateId,
    );
  });

  it('the http sender starts without the DLT settings, with a warning naming them', () => {
    configure({ NODE_ENV: 'production', SMS_SENDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/send' });
    const check = smsStartupCheck();
    expect(check.errors).toEqual([]);
    expect(check.warnings[0]).toMatch(/^SMS_SENDER=http without SMS_TEMPLATES_FILE, SMS_DLT_ENTITY_ID, SMS_SENDER_ID:/);
  });
});

describe('the demo file’s made-up template ids', () => {
  const demoIds =
    "carry the demo file's made-up DLT template ids: Indian networks will not deliver the shop's SMS, sign-in codes included. Register your own templates on your DLT platform and name their file in SMS_TEMPLATES_FILE (npm run sms:check prints the texts to register).";

  it('are told apart from a shop’s own ids, in the demo file and in a copy of it', () => {
    configure({});
    expect(usesDemoTemplateIds(parseSmsTemplates(demo, 'demo', false))).toBe(true);
    expect(usesDemoTemplateIds(parseSmsTemplates(demo, 'copy.json', true))).toBe(true);
    const own = demoWith((f) => {
      for (const languages of Object.values(f.messages))
        for (const [i, entry] of Object.values(languages).entries()) {
          (entry as { dltTemplateId: string }).dltTemplateId = `120716${String(i).padStart(13, '9')}`;
          delete (entry as { msg91TemplateId?: string }).msg91TemplateId;
        }
    });
    expect(usesDemoTemplateIds(parseSmsTemplates(own, 'own.json', true))).toBe(false);
  });

  it('with a real gateway, raise a start-up warning and a setup notice naming SMS_TEMPLATES_FILE', () => {
    configure({ NODE_ENV: 'production', SMS_SENDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/send' });
    const message = `The SMS templates in use, the demo templates (${DEMO_TEMPLATES_FILE}), ${demoIds}`;
    expect(smsStartupCheck().warnings).toContain(message);
    expect(smsSetupNotices()).toContainEqual({ message, permission: 'staff.manage' });
  });

  it('in demo mode, raise no notice', () => {
    configure({ SMS_SENDER: 'console', DEMO_MODE: 'true' });
    expect(smsSetupNotices()).toEqual([]);
  });
});

describe('the gateways’ settings', () => {
  it('Exotel refuses to start without the templates file, the DLT ids, the header and its credentials, naming each', () => {
    configure({ NODE_ENV: 'production', SMS_SENDER: 'exotel' });
    const message = (() => {
      try {
        getConfig();
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    for (const name of [
      'SMS_TEMPLATES_FILE',
      'SMS_DLT_ENTITY_ID',
      'SMS_SENDER_ID',
      'EXOTEL_SID',
      'EXOTEL_API_KEY',
      'EXOTEL_API_TOKEN',
    ])
      expect(message).toContain(`${name}: required when SMS_SENDER=exotel`);
  });

  it('MSG91 refuses to start without the templates file, the entity id and its key', () => {
    configure({ NODE_ENV: 'production', SMS_SENDER: 'msg91', SMS_DLT_ENTITY_ID: '1101000000000000001' });
    expect(() => getConfig()).toThrow(/SMS_TEMPLATES_FILE: required when SMS_SENDER=msg91.*MSG91_AUTH_KEY: required/);
  });
});

describe('npm run sms:check', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/sms-check.ts', ...args], {
      encoding: 'utf8',
      env: { ...saved, SHOP_NAME: 'Thrissur Fresh', SITE_URL: 'https://shop.example.in' },
    });

  it('prints the text to register per message and language, placeholders filled', () => {
    const result = run(DEMO_TEMPLATES_FILE);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      'register  Thrissur Fresh: Your order #{#var#} is confirmed. We will SMS you when it is out for delivery. Track it: https://shop.example.in/track-order?order={#var#}',
    );
    expect(result.stdout).toContain(`DLT template id ${demo.messages.sign_in_code.en.dltTemplateId}`);
    expect(result.stdout).toContain('variables 1. code (each at most 30 characters)');
  });

  it('says the demo templates’ ids are made up, as a warning without a gateway', () => {
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      'Warning: these are the demo templates (made-up DLT ids): a real gateway needs your own registered templates in SMS_TEMPLATES_FILE.',
    );
  });

  it('prints the texts while the gateway’s settings are incomplete, then fails listing them and the demo ids of a copied file', () => {
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'sms-templates-')), 'copy.json');
    writeFileSync(copy, JSON.stringify(demo));
    const result = spawnSync(process.execPath, ['scripts/sms-check.ts'], {
      encoding: 'utf8',
      env: {
        ...saved,
        NODE_ENV: 'production',
        DEMO_MODE: '',
        SMS_SENDER: 'exotel',
        SMS_TEMPLATES_FILE: copy,
        SHOP_NAME: 'Thrissur Fresh',
        SITE_URL: 'https://shop.example.in',
      },
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('SMS_SENDER        exotel');
    expect(result.stdout).toContain(
      'register  {#var#} is your Thrissur Fresh verification code. It expires in 5 minutes. Never share it.',
    );
    expect(result.stdout).toContain(
      `PROBLEM: The SMS templates in use, SMS_TEMPLATES_FILE (${copy}), carry the demo file's made-up DLT template ids`,
    );
    for (const name of ['SMS_DLT_ENTITY_ID', 'SMS_SENDER_ID', 'EXOTEL_SID', 'EXOTEL_API_KEY', 'EXOTEL_API_TOKEN'])
      expect(result.stdout).toContain(`  PROBLEM: ${name}: required when SMS_SENDER=exotel`);
    expect(result.stderr).toContain('6 problem(s): see PROBLEM above.');
  });

  it('fails listing the problems of a file with mistakes, and one without the sign-in code', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sms-templates-'));
    const broken = path.join(dir, 'broken.json');
    writeFileSync(
      broken,
      JSON.stringify(
        demoWith((f) => (f.messages.order_delivered.en.variables = [])),
        null,
        2,
      ),
    );
    const bad = run(broken);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('messages.order_delivered.en: has 1 {#var#} place(s) but names 0 variable(s)');
    const noSignIn = path.join(dir, 'no-sign-in.json');
    writeFileSync(
      noSignIn,
      JSON.stringify(demoWith((f) => delete (f.messages as { sign_in_code?: unknown }).sign_in_code)),
    );
    const missing = run(noSignIn);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toContain('not registered: PROBLEM: nobody can sign in');
  });
});
