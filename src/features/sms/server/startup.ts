/**
 * What start-up checks of SMS beyond the settings' own cross-checks (src/lib/config/sign-in-settings.ts
 * names a missing setting of the Exotel and MSG91 senders): the templates file must be valid and hold
 * the sign-in code's template (with MSG91's template id under MSG91), or the server does not start,
 * since OTP sign-in is the only way in. Any other message without a usable template is off: a
 * warning at start and a setup notice in the back office. The generic http sender starts without
 * the DLT settings, with a warning.
 */
import { getConfig } from '#lib/config.ts';
import { logger } from '#lib/log.ts';
import type { SetupNotice } from '#lib/setup-notices.ts';
import { SMS_TEMPLATE_KEYS, type SmsTemplateKey } from '../types.ts';
import { smsAvailable } from './senders.ts';
import {
  registeredTemplate,
  SMS_TEMPLATE_NAMES,
  SmsTemplatesError,
  smsMessageOff,
  smsTemplateFor,
  smsTemplates,
  usesDemoTemplateIds,
} from './templates.ts';

/** The senders that reach a real gateway (the demo's `console` sends nothing). */
export const REAL_SMS_SENDERS: readonly string[] = ['http', 'exotel', 'msg91'];

/**
 * Why the demo file's ids cannot go to a real gateway, and what to do; `place` names the file.
 * Said by the start-up warning, the back office's setup notice and `npm run sms:check`.
 */
export const DEMO_IDS_MESSAGE = (place: string) =>
  `The SMS templates in use, ${place}, carry the demo file's made-up DLT template ids: Indian networks will not deliver the shop's SMS, sign-in codes included. Register your own templates on your DLT platform and name their file in SMS_TEMPLATES_FILE (npm run sms:check prints the texts to register).`;

/** Whether a real gateway is set while the templates are the demo file's or a copy of it. */
function demoIdsWithRealGateway(): boolean {
  const sender = getConfig().SMS_SENDER;
  return sender !== undefined && REAL_SMS_SENDERS.includes(sender) && usesDemoTemplateIds(smsTemplates());
}

/**
 * The start-up warning when the shop runs without SMS_SENDER (OTP sign-in answers 503),
 * or null.
 */
export function smsStartupWarning(): string | null {
  if (smsAvailable()) return null;
  return 'SMS_SENDER is not set: sign-in by OTP answers 503 until you set SMS_SENDER (exotel, msg91 or http), or run the demo shop with DEMO_MODE=true (codes shown on screen, no SMS sent).';
}

/** What stops start-up (`errors`) and what start-up warns of (`warnings`). */
export interface SmsStartupCheck {
  errors: string[];
  warnings: string[];
}

/** Where the templates come from, for messages: the setting and its file, or the demo file. */
function templatesPlace(): string {
  const { source, own } = smsTemplates();
  return own ? `SMS_TEMPLATES_FILE (${source})` : source;
}

/** The messages that are off (no usable template), in the order of SMS_TEMPLATE_KEYS. */
export function smsMessagesOff(): SmsTemplateKey[] {
  if (!smsAvailable()) return [];
  return SMS_TEMPLATE_KEYS.filter((key) => key !== 'sign_in_code' && smsMessageOff(key));
}

/** Why a message is off, e.g. "no registered template for order_confirmed in SMS_TEMPLATES_FILE (…)". */
function offReason(key: SmsTemplateKey): string {
  const missingMsg91 = getConfig().SMS_SENDER === 'msg91' && registeredTemplate(key, 'en') !== undefined;
  return missingMsg91
    ? `its template in ${templatesPlace()} has no msg91TemplateId (messages.${key}.en)`
    : `no registered template for ${key} in ${templatesPlace()}`;
}

/** The SMS checks at start-up (none when no sender is configured). */
export function smsStartupCheck(): SmsStartupCheck {
  const result: SmsStartupCheck = { errors: [], warnings: [] };
  const config = getConfig();
  if (!smsAvailable()) return result;
  try {
    smsTemplates();
  } catch (err) {
    if (!(err instanceof SmsTemplatesError)) throw err;
    result.errors.push(err.message);
    return result;
  }
  if (!smsTemplateFor('sign_in_code', 'en')) {
    const field =
      config.SMS_SENDER === 'msg91' ? 'messages.sign_in_code.en.msg91TemplateId' : 'messages.sign_in_code.en';
    result.errors.push(`${templatesPlace()} lacks the sign-in code's template (${field}): nobody could sign in.`);
  }
  if (config.SMS_SENDER === 'http') {
    const missing = [
      ...(smsTemplates().own ? [] : ['SMS_TEMPLATES_FILE']),
      ...(config.SMS_DLT_ENTITY_ID ? [] : ['SMS_DLT_ENTITY_ID']),
      ...(config.SMS_SENDER_ID ? [] : ['SMS_SENDER_ID']),
    ];
    if (missing.length)
      result.warnings.push(
        `SMS_SENDER=http without ${missing.join(', ')}: Indian operators deliver an application's SMS only with its DLT entity id, header and template ids; set them unless the gateway adds them itself.`,
      );
  }
  if (demoIdsWithRealGateway()) result.warnings.push(DEMO_IDS_MESSAGE(templatesPlace()));
  for (const key of smsMessagesOff())
    result.warnings.push(`The ${SMS_TEMPLATE_NAMES[key]} SMS is off: ${offReason(key)}.`);
  for (const key of SMS_TEMPLATE_KEYS)
    if (!smsMessageOff(key) && smsTemplateFor(key, 'ml')?.language !== 'ml')
      result.warnings.push(
        `The ${SMS_TEMPLATE_NAMES[key]} SMS has no usable Malayalam template in ${templatesPlace()}: customers who chose Malayalam get it in English.`,
      );
  return result;
}

let warned = false;
/** Logs the start-up warnings at `warn`, once per process (call once the server listens). */
export function logSmsStartupWarning(): void {
  if (warned) return;
  warned = true;
  const warning = smsStartupWarning();
  if (warning) logger.warn({ setting: 'SMS_SENDER' }, warning);
  for (const w of smsStartupCheck().warnings) logger.warn({ setting: 'SMS_TEMPLATES_FILE' }, w);
}

/**
 * The back office's setup notices for SMS (to staff who manage staff: the owner, who holds the
 * gateway account): a real gateway with the demo file's made-up template ids (naming
 * SMS_TEMPLATES_FILE), each message that is off, and the http sender without the DLT settings.
 */
export function smsSetupNotices(): SetupNotice[] {
  if (!smsAvailable()) return [];
  const config = getConfig();
  const notices: SetupNotice[] = [];
  if (demoIdsWithRealGateway())
    notices.push({ message: DEMO_IDS_MESSAGE(templatesPlace()), permission: 'staff.manage' });
  notices.push(
    ...smsMessagesOff().map((key) => ({
      message: `The ${SMS_TEMPLATE_NAMES[key]} SMS is off: no registered template for it in SMS_TEMPLATES_FILE. Register one and add it to the file (npm run sms:check lists them).`,
      permission: 'staff.manage' as const,
    })),
  );
  if (config.SMS_SENDER === 'http' && (!config.SMS_DLT_ENTITY_ID || !config.SMS_SENDER_ID))
    notices.push({
      message:
        'SMS_DLT_ENTITY_ID or SMS_SENDER_ID is not set: Indian networks may not deliver the shop’s SMS (sign-in codes included) without them.',
      permission: 'staff.manage',
    });
  return notices;
}
