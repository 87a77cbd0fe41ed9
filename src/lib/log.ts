/**
 * Structured JSON logs (pino). Request logs carry a `reqId`; secrets and personal data never reach
 * a log line:
 * - OTP codes, session tokens and cookies are redacted by path (`code` anywhere one level down,
 *   except a logged error's own code, `err.code`, when it reads as one: ECONNREFUSED or a SQLSTATE
 *   is what an operator acts on, and no secret);
 * - database errors lose their query parameters (drizzle's `params` and the "params: …" part of
 *   its message and stack, PostgreSQL's `detail`, which quotes the row's values): the SQL text
 *   with `$1` placeholders stays, the customers' mobiles, names and addresses go;
 * - any mobile number in a log line (E.164, `+919876543210`) is shown as `+91••••••10`, and any
 *   e-mail address as `a•••@example.com` (`maskPhone`, `maskEmails`), in fields, errors and messages.
 */

import os from 'node:os';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import pino from 'pino';
import { getConfig } from './config.ts';

/**
 * LOG_LEVEL from configuration; `info` while the configuration is invalid (the first getConfig()
 * elsewhere names the bad variable).
 */
function configuredLevel(): string {
  try {
    return getConfig().LOG_LEVEL;
  } catch {
    return 'info';
  }
}

const HIDDEN = '••••••';

/**
 * A mobile number for logs: its country calling code and last two digits.
 * @example maskPhone('+919876543245') // '+91••••••45'
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const cc = parsePhoneNumberFromString(`+${digits}`)?.countryCallingCode ?? digits.slice(0, 2);
  return `+${cc}${HIDDEN}${digits.slice(-2)}`;
}

/** E.164-like numbers inside text ("+" and 8–15 digits). */
const PHONE_IN_TEXT = /\+\d{8,15}\b/g;
/** E-mail addresses inside text. */
const EMAIL_IN_TEXT = /([A-Za-z0-9._%+-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;

/** `text` with e-mail addresses shown as `a•••@domain`. */
export const maskEmails = (text: string) =>
  text.replace(EMAIL_IN_TEXT, (_, user: string, domain: string) => `${user[0]}•••@${domain}`);

/** A log string without query parameters, mobiles or e-mail addresses. */
export function scrubText(text: string): string {
  return maskEmails(
    text
      // drizzle: "Failed query: …\nparams: a,b,c" (in a stack, up to the first frame).
      .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]')
      .replace(PHONE_IN_TEXT, (m) => maskPhone(m)),
  );
}

/** Keys whose values quote a query's data: dropped wherever they occur. */
const DATA_KEYS = new Set(['params', 'parameters', 'detail']);

/** A copy of a logged value with `scrubText` applied to every string and DATA_KEYS removed (what the logger writes). */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Error) return scrubError(value, depth);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!DATA_KEYS.has(key)) out[key] = scrub(v, depth + 1);
  return out;
}

/** pino's error serializer, then `scrub`: type, message and stack kept, data gone (also in `cause`). */
function scrubError(err: Error, depth = 0): unknown {
  return scrub({ ...pino.stdSerializers.err(err) }, depth + 1);
}

const REDACTED = '[redacted]';

/**
 * An error's code as Node, undici and PostgreSQL set them: upper case with digits and underscores
 * (ECONNREFUSED, ERR_INVALID_URL, UND_ERR_CONNECT_TIMEOUT), a SQLSTATE (57P01, 23505), or the
 * shop's own lower-case ones (`unavailable`). An OTP (4–8 digits other than 5) or a token
 * (mixed case, long) does not read as one.
 */
function isErrorCode(value: unknown): value is string {
  return typeof value === 'string' && /^(?:[A-Z][A-Z0-9_]{1,39}|[a-z][a-z_]{1,39}|[0-9A-Z]{5})$/.test(value);
}

/**
 * The process-wide logger, at LOG_LEVEL (src/lib/config.ts). Every line names its process (`pid`)
 * and machine (`hostname`), so lines from several servers and cluster workers can be told apart
 * once they are gathered in one place.
 */
export const logger = pino({
  level: configuredLevel(),
  base: { app: 'farmfresh', pid: process.pid, hostname: os.hostname() },
  redact: {
    paths: [
      'otp',
      'code',
      'token',
      '*.otp',
      '*.code',
      '*.token',
      'req.headers.cookie',
      'req.headers.authorization',
      // Named too, so that the censor is told its path (a wildcard's comes as null).
      'err.code',
    ],
    censor: (value: unknown, path: string[]) =>
      path.length === 2 && path[0] === 'err' && path[1] === 'code' && isErrorCode(value) ? value : REDACTED,
  },
  serializers: { err: (err: unknown) => (err instanceof Error ? scrubError(err) : scrub(err)) },
  formatters: { log: (object) => scrub(object) as Record<string, unknown> },
  hooks: {
    logMethod(args, method) {
      method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>);
    },
  },
});
