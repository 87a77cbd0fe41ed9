/**
 * Operators' SMS templates tool. Reads no database.
 *   npm run sms:check [-- FILE]   check the templates file (FILE, else SMS_TEMPLATES_FILE, else the
 *                                 demo templates) and print, per message and language, the text the
 *                                 shop registers on its DLT platform (SHOP_NAME, SITE_URL and
 *                                 SHOP_PHONE filled in), its variables in order and the ids in use
 * The texts are printed also while the gateway's settings are incomplete (SMS_SENDER=exotel
 * without its credentials, say): the check is what an operator runs while setting them up, so the
 * configuration is read without the sender, and the missing settings are listed after the texts.
 * A file that is the demo file or carries its made-up ids is a PROBLEM with a real gateway
 * (http, exotel, msg91) and a warning line otherwise.
 * Exit code 1 with every problem listed when the file is not valid, lacks the sign-in code's
 * template, carries the demo ids with a real gateway, or a setting the sender needs is missing;
 * a message with no template (it is off) is listed without failing.
 */

import {
  DEMO_IDS_MESSAGE,
  REAL_SMS_SENDERS,
  readSmsTemplates,
  SMS_TEMPLATE_KEYS,
  SMS_TEMPLATE_LANGUAGES,
  SMS_TEMPLATE_NAMES,
  type SmsTemplates,
  SmsTemplatesError,
  smsTemplates,
  usesDemoTemplateIds,
} from '#features/sms/index.ts';
import { getConfig } from '#lib/config.ts';

/**
 * The sender the environment names, and the settings it lacks ("EXOTEL_SID: required when
 * SMS_SENDER=exotel"), each a line. When the configuration is invalid it is read again without
 * SMS_SENDER, so the fixed texts (SHOP_NAME, SITE_URL, SHOP_PHONE) still fill the templates; a
 * problem the sender is not the cause of is thrown as before.
 */
function readSettings(): { sender: string | undefined; missing: string[] } {
  try {
    return { sender: getConfig().SMS_SENDER, missing: [] };
  } catch (err) {
    const sender = process.env.SMS_SENDER;
    if (!sender) throw err;
    const missing = (err as Error).message.replace(/^Invalid configuration: /, '').split('; ');
    delete process.env.SMS_SENDER;
    try {
      getConfig();
    } finally {
      process.env.SMS_SENDER = sender;
    }
    return { sender, missing };
  }
}

const LANGUAGE_NAMES = { en: 'English', ml: 'Malayalam' } as const;

function show(templates: SmsTemplates, sender: string | undefined): number {
  const c = getConfig();
  const msg91 = sender === 'msg91';
  let problems = 0;
  console.log(`SMS templates from ${templates.source}: valid.`);
  if (usesDemoTemplateIds(templates)) {
    const place = templates.own ? `SMS_TEMPLATES_FILE (${templates.source})` : templates.source;
    if (sender && REAL_SMS_SENDERS.includes(sender)) {
      console.log(`PROBLEM: ${DEMO_IDS_MESSAGE(place)}`);
      problems++;
    } else
      console.log(
        `Warning: ${templates.own ? 'this file carries the demo templates’ made-up DLT ids' : 'these are the demo templates (made-up DLT ids)'}: a real gateway needs your own registered templates in SMS_TEMPLATES_FILE.`,
      );
  }
  console.log(`SMS_SENDER        ${sender ?? '(not set: sign-in by SMS is off)'}`);
  console.log(`SMS_DLT_ENTITY_ID ${c.SMS_DLT_ENTITY_ID ?? '(not set)'}`);
  console.log(`SMS_SENDER_ID     ${c.SMS_SENDER_ID ?? '(not set)'}`);
  console.log(
    `Fixed text filled from SHOP_NAME "${c.SHOP_NAME}", SITE_URL "${c.SITE_URL}", SHOP_PHONE "${c.SHOP_PHONE}".\n`,
  );
  if (/^https?:\/\/(localhost|127\.)/.test(c.SITE_URL))
    console.log('SITE_URL is a local address: set the shop’s public address before registering texts with a link.\n');
  for (const key of SMS_TEMPLATE_KEYS) {
    console.log(`${SMS_TEMPLATE_NAMES[key]} (${key})`);
    for (const language of SMS_TEMPLATE_LANGUAGES) {
      const t = templates.templates.find((x) => x.key === key && x.language === language);
      if (!t) {
        const off = language === 'en' || !templates.templates.some((x) => x.key === key && x.language === 'en');
        const what = off
          ? key === 'sign_in_code'
            ? 'PROBLEM: nobody can sign in'
            : 'the message is off'
          : 'it goes in English';
        console.log(`  ${LANGUAGE_NAMES[language].padEnd(10)} not registered: ${what}`);
        if (key === 'sign_in_code' && language === 'en') problems++;
        continue;
      }
      console.log(`  ${LANGUAGE_NAMES[language].padEnd(10)} DLT template id ${t.dltTemplateId}`);
      if (t.msg91TemplateId || msg91)
        console.log(
          `             MSG91 template id ${t.msg91TemplateId ?? '(none: PROBLEM with SMS_SENDER=msg91, the message is off)'}`,
        );
      if (msg91 && !t.msg91TemplateId && key === 'sign_in_code' && language === 'en') problems++;
      console.log(
        `             variables ${t.variables.map((v, i) => `${i + 1}. ${v}`).join(', ')} (each at most 30 characters)`,
      );
      console.log(`             register  ${t.text}`);
    }
    console.log('');
  }
  return problems;
}

const [file] = process.argv.slice(2);
try {
  const { sender, missing } = readSettings();
  if (!file && getConfig().SMS_TEMPLATES_FILE === '')
    console.log('SMS_TEMPLATES_FILE is not set: the demo templates are in use.');
  let problems = show(file ? readSmsTemplates(file) : smsTemplates(), sender);
  if (missing.length) {
    console.log(`SMS_SENDER=${sender} cannot send until these settings are set (the server does not start):`);
    for (const line of missing) console.log(`  PROBLEM: ${line}`);
    problems += missing.length;
  }
  if (problems) {
    console.error(`${problems} problem(s): see PROBLEM above.`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err instanceof SmsTemplatesError ? err.message : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
