/**
 * The shop's registered SMS templates (ADR 0133): read once per process from SMS_TEMPLATES_FILE or,
 * unset, the repository's data/templates.json (demo mode and tests only: its DLT ids are made up).
 * Per message and language the file gives the DLT template id, MSG91's template id when the shop
 * uses MSG91, the registered text with a `{#var#}` per variable, and the variables' names in order.
 * The fixed placeholders `{shop}`, `{site}`, `{shop_phone}`, `{refund_period}` and `{refund_days}`
 * are filled once at load from SHOP_NAME, SITE_URL, SHOP_PHONE and the shop's refund period: the
 * resolved text is what the shop registers (`npm run sms:check` prints it). A bad file stops the
 * server with every problem listed.
 *
 * `renderSms` makes every message the shop sends. A Malayalam message with no Malayalam template
 * goes in English; a message with no usable English template is off (a warning at start and a
 * setup notice), except the sign-in code, without which the shop does not start.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { getConfig } from '#lib/config.ts';
import { REFUND_PERIOD, REFUND_WORKING_DAYS } from '#lib/refund-period.ts';
import demoTemplates from '../data/templates.json' with { type: 'json' };
import { countVariables, fillTemplate, SMS_VARIABLE } from '../rules.ts';
import { SMS_TEMPLATE_KEYS, type SmsMessage, type SmsTemplateKey, type SmsTemplateLanguage } from '../types.ts';

/** The repository's templates file, from the project root: what an unset SMS_TEMPLATES_FILE means. */
export const DEMO_TEMPLATES_FILE = 'src/features/sms/data/templates.json';

/** The languages a template may be registered in, English first (the fallback). */
export const SMS_TEMPLATE_LANGUAGES: readonly SmsTemplateLanguage[] = ['en', 'ml'];

/** Each message's name as staff and operators read it. */
export const SMS_TEMPLATE_NAMES: Record<SmsTemplateKey, string> = {
  sign_in_code: 'Sign-in code',
  order_confirmed: 'Order confirmed',
  order_out_for_delivery: 'Out for delivery',
  order_delivered: 'Delivered',
  order_cancelled: 'Order cancelled',
  payment_refunded: 'Late payment refunded',
  phone_changed: 'Mobile number changed',
  order_undelivered: 'Order not delivered',
  complaint_received: 'Complaint received',
};

/** The variables each message fills: every one must have a place, and no other name may. */
export const SMS_TEMPLATE_VARIABLES: Record<SmsTemplateKey, readonly string[]> = {
  sign_in_code: ['code'],
  order_confirmed: ['order'],
  order_out_for_delivery: ['order'],
  order_delivered: ['order'],
  order_cancelled: ['order'],
  payment_refunded: ['order'],
  phone_changed: ['phone'],
  order_undelivered: ['order'],
  complaint_received: ['ticket'],
};

/** One registered template, its fixed placeholders resolved. */
export interface SmsTemplate {
  key: SmsTemplateKey;
  language: SmsTemplateLanguage;
  dltTemplateId: string;
  msg91TemplateId?: string;
  /** The registered text: fixed placeholders filled, a `{#var#}` per variable. */
  text: string;
  /** The variables' names, one per place, in order (a name may fill two places). */
  variables: string[];
}

/** The templates in use. */
export interface SmsTemplates {
  /** Where they were read from (a path, or the demo file). */
  source: string;
  /** True when read from SMS_TEMPLATES_FILE (the shop's own registrations), false for the demo file. */
  own: boolean;
  templates: SmsTemplate[];
}

/** A templates file that is missing, not JSON or not valid; the message lists each problem. */
export class SmsTemplatesError extends Error {}

const FIXED_PLACEHOLDER = /\{([a-z_]+)\}/g;

const entrySchema = z
  .object({
    dltTemplateId: z
      .string()
      .trim()
      .regex(/^\d{12,25}$/, 'must be the DLT template id the DLT platform gave (digits, usually 19)'),
    msg91TemplateId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]+$/, "must be MSG91's template id (letters and digits)")
      .optional(),
    text: z.string().trim().min(1, 'must not be empty'),
    variables: z.array(z.string()),
  })
  .strict();

const languagesSchema = z.object({ en: entrySchema.optional(), ml: entrySchema.optional() }).strict();

const fileSchema = z
  .object({
    about: z.string().optional(),
    messages: z.object(Object.fromEntries(SMS_TEMPLATE_KEYS.map((k) => [k, languagesSchema.optional()]))).strict(),
  })
  .strict();

/** The fixed placeholders and their values from the configuration. */
function fixedTexts(): Record<string, string> {
  const { SHOP_NAME, SITE_URL, SHOP_PHONE } = getConfig();
  return {
    shop: SHOP_NAME,
    site: SITE_URL.replace(/\/+$/, ''),
    shop_phone: SHOP_PHONE,
    refund_period: REFUND_PERIOD,
    refund_days: `${REFUND_WORKING_DAYS.from}–${REFUND_WORKING_DAYS.to}`,
  };
}

/** The problems of one entry of the file (beyond its shape), each a sentence. */
function entryProblems(key: SmsTemplateKey, text: string, variables: string[]): string[] {
  const problems: string[] = [];
  const places = countVariables(text);
  if (places !== variables.length)
    problems.push(`has ${places} {#var#} place(s) but names ${variables.length} variable(s)`);
  const expected = SMS_TEMPLATE_VARIABLES[key];
  const unknown = [...new Set(variables.filter((v) => !expected.includes(v)))];
  if (unknown.length)
    problems.push(`names unknown variable(s) ${unknown.join(', ')}; this message fills ${expected.join(', ')}`);
  const unused = expected.filter((v) => !variables.includes(v));
  if (unused.length) problems.push(`has no place for ${unused.join(', ')}`);
  const fixed = fixedTexts();
  const bad = [...text.replaceAll(SMS_VARIABLE, '').matchAll(FIXED_PLACEHOLDER)]
    .map((m) => m[1]!)
    .filter((name) => !(name in fixed));
  if (bad.length)
    problems.push(
      `has unknown placeholder(s) ${bad.map((b) => `{${b}}`).join(', ')}; known: ${Object.keys(fixed)
        .map((f) => `{${f}}`)
        .join(', ')}`,
    );
  return problems;
}

/** Parses and checks a templates object; throws SmsTemplatesError listing each problem with its place. */
export function parseSmsTemplates(raw: unknown, source: string, own: boolean): SmsTemplates {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new SmsTemplatesError(`SMS templates in ${source} are not valid:\n${lines.join('\n')}`);
  }
  const fixed = fixedTexts();
  const problems: string[] = [];
  const templates: SmsTemplate[] = [];
  for (const key of SMS_TEMPLATE_KEYS) {
    for (const language of SMS_TEMPLATE_LANGUAGES) {
      const entry = parsed.data.messages[key]?.[language];
      if (!entry) continue;
      const found = entryProblems(key, entry.text, entry.variables);
      if (found.length) {
        problems.push(...found.map((p) => `  - messages.${key}.${language}: ${p}`));
        continue;
      }
      templates.push({
        key,
        language,
        dltTemplateId: entry.dltTemplateId,
        ...(entry.msg91TemplateId ? { msg91TemplateId: entry.msg91TemplateId } : {}),
        text: entry.text.replace(FIXED_PLACEHOLDER, (whole, name: string) => fixed[name] ?? whole),
        variables: entry.variables,
      });
    }
  }
  if (problems.length) throw new SmsTemplatesError(`SMS templates in ${source} are not valid:\n${problems.join('\n')}`);
  return { source, own, templates };
}

/** Reads a templates file (JSON); throws SmsTemplatesError when it cannot. */
export function readSmsTemplates(path: string, own = true): SmsTemplates {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SmsTemplatesError(`Cannot read SMS_TEMPLATES_FILE ${path}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SmsTemplatesError(`SMS_TEMPLATES_FILE ${path} is not JSON: ${(err as Error).message}`);
  }
  return parseSmsTemplates(raw, path, own);
}

/** The demo file's DLT and MSG91 template ids: made up, so no operator delivers a message carrying one. */
const DEMO_TEMPLATE_IDS = new Set(
  Object.values(demoTemplates.messages).flatMap((languages) =>
    Object.values(languages as Record<string, { dltTemplateId: string; msg91TemplateId?: string }>).flatMap((e) =>
      e.msg91TemplateId ? [e.dltTemplateId, e.msg91TemplateId] : [e.dltTemplateId],
    ),
  ),
);

/**
 * Whether `templates` are the demo file's, or a file that carries any of its made-up ids (a copy
 * of it named in SMS_TEMPLATES_FILE): fit for demo mode and tests, never for a real gateway.
 */
export function usesDemoTemplateIds(templates: SmsTemplates): boolean {
  return (
    !templates.own ||
    templates.templates.some(
      (t) =>
        DEMO_TEMPLATE_IDS.has(t.dltTemplateId) ||
        (t.msg91TemplateId !== undefined && DEMO_TEMPLATE_IDS.has(t.msg91TemplateId)),
    )
  );
}

let loaded: SmsTemplates | null = null;

/** The templates in use (read once per process). */
export function smsTemplates(): SmsTemplates {
  if (!loaded) {
    const file = getConfig().SMS_TEMPLATES_FILE;
    loaded = file
      ? readSmsTemplates(file)
      : parseSmsTemplates(demoTemplates, `the demo templates (${DEMO_TEMPLATES_FILE})`, false);
  }
  return loaded;
}

/** Tests: use these templates (a file's object; null: read the configured ones again). */
export function setSmsTemplatesForTests(raw: unknown | null): void {
  loaded = raw === null ? null : parseSmsTemplates(raw, 'test', true);
}

/** Whether the configured sender can send `template`: MSG91 needs its own template id. */
function usable(template: SmsTemplate): boolean {
  return getConfig().SMS_SENDER !== 'msg91' || template.msg91TemplateId !== undefined;
}

/** The registered template of `key` in `language` as filed, or undefined. */
export function registeredTemplate(key: SmsTemplateKey, language: SmsTemplateLanguage): SmsTemplate | undefined {
  return smsTemplates().templates.find((t) => t.key === key && t.language === language);
}

/**
 * The template a message of `key` for a reader of `language` goes out with: that language's,
 * else the English one, or null when the message is off (no usable template).
 */
export function smsTemplateFor(key: SmsTemplateKey, language: SmsTemplateLanguage): SmsTemplate | null {
  for (const lang of [language, 'en'] as const) {
    const t = registeredTemplate(key, lang);
    if (t && usable(t)) return t;
  }
  return null;
}

/** Whether the message `key` is off: no usable template in English (so none to fall back on). */
export function smsMessageOff(key: SmsTemplateKey): boolean {
  return smsTemplateFor(key, 'en') === null;
}

/** A message that cannot be made: no template, or a variable missing or too long. */
export class SmsTemplateError extends Error {}

/**
 * The message `key` for a reader of `language`, its variables filled from `values` by name.
 * Throws SmsTemplateError when the message is off or a value is missing, empty or over 30 characters.
 * @example renderSms('order_delivered', 'en', { order: '42' }).text // 'FarmFresh: Your order #42 has been delivered. …'
 */
export function renderSms(
  key: SmsTemplateKey,
  language: SmsTemplateLanguage,
  values: Record<string, string>,
): SmsMessage {
  const template = smsTemplateFor(key, language);
  if (!template) throw new SmsTemplateError(`The ${key} SMS is off: no registered template for it.`);
  const variables = template.variables.map((name) => {
    const value = values[name];
    if (value === undefined || value === '') throw new SmsTemplateError(`The ${key} SMS needs a value for ${name}.`);
    return { name, value };
  });
  let text: string;
  try {
    text = fillTemplate(
      template.text,
      variables.map((v) => v.value),
    );
  } catch (err) {
    throw new SmsTemplateError(`The ${key} SMS cannot be made: ${(err as Error).message}.`);
  }
  return {
    key,
    language: template.language,
    dltTemplateId: template.dltTemplateId,
    ...(template.msg91TemplateId ? { msg91TemplateId: template.msg91TemplateId } : {}),
    template: template.text,
    variables,
    text,
  };
}

/**
 * Why `message` is not a registered one, or null when it is: its template must be the one filed
 * for its message and language, with the same DLT id, and its text that template with its
 * variables (each at most 30 characters) in place.
 */
export function unregisteredReason(message: SmsMessage): string | null {
  const template = registeredTemplate(message.key, message.language);
  if (!template) return `no registered ${message.language} template for ${message.key}`;
  if (template.text !== message.template) return `the ${message.key} template differs from the registered one`;
  if (template.dltTemplateId !== message.dltTemplateId)
    return `the ${message.key} DLT template id is not the registered one`;
  let filled: string;
  try {
    filled = fillTemplate(
      template.text,
      message.variables.map((v) => v.value),
    );
  } catch (err) {
    return (err as Error).message;
  }
  return filled === message.text ? null : `the text does not match the registered ${message.key} template`;
}
