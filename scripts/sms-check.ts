/**
 * Operators' SMS templates tool. Reads no database.
 *   npm run sms:check [-- FILE]   check the templates file (FILE, else SMS_TEMPLATES_FILE, else the
 *                                 demo templates) and print, per message and language, the text the
 *                                 shop registers on its DLT platform (SHOP_NAME, SITE_URL and
 *                                 SHOP_PHONE filled in), its variables in order and the ids in use
 * Exit code 1 with every problem listed when the file is not valid or lacks the sign-in code's
 * template; a message with no template (it is off) is listed without failing.
 */

import {
  readSmsTemplates,
  SMS_TEMPLATE_KEYS,
  SMS_TEMPLATE_LANGUAGES,
  SMS_TEMPLATE_NAMES,
  type SmsTemplates,
  SmsTemplatesError,
  smsTemplates,
} from '#features/sms/index.ts';
import { getConfig } from '#lib/config.ts';

const LANGUAGE_NAMES = { en: 'English', ml: 'Malayalam' } as const;

function show(templates: SmsTemplates): number {
  const c = getConfig();
  const msg91 = c.SMS_SENDER === 'msg91';
  console.log(`SMS templates from ${templates.source}: valid.`);
  if (!templates.own)
    console.log(
      'These are the demo templates (made-up DLT ids): a real gateway needs your own file in SMS_TEMPLATES_FILE.',
    );
  console.log(`SMS_SENDER        ${c.SMS_SENDER ?? '(not set: sign-in by SMS is off)'}`);
  console.log(`SMS_DLT_ENTITY_ID ${c.SMS_DLT_ENTITY_ID ?? '(not set)'}`);
  console.log(`SMS_SENDER_ID     ${c.SMS_SENDER_ID ?? '(not set)'}`);
  console.log(
    `Fixed text filled from SHOP_NAME "${c.SHOP_NAME}", SITE_URL "${c.SITE_URL}", SHOP_PHONE "${c.SHOP_PHONE}".\n`,
  );
  if (/^https?:\/\/(localhost|127\.)/.test(c.SITE_URL))
    console.log('SITE_URL is a local address: set the shop’s public address before registering texts with a link.\n');
  let problems = 0;
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
  if (!file && getConfig().SMS_TEMPLATES_FILE === '')
    console.log('SMS_TEMPLATES_FILE is not set: the demo templates are in use.');
  const problems = show(file ? readSmsTemplates(file) : smsTemplates());
  if (problems) {
    console.error(`${problems} problem(s): see PROBLEM above.`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err instanceof SmsTemplatesError ? err.message : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
