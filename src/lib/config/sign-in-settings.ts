/**
 * The OTP sign-in and SMS variables of the shop's configuration (src/lib/config.ts spreads them
 * into its schema and runs their cross-checks): the code's length, the sign-in throttles, the SMS
 * sender and its gateway, the countries that get SMS, the shop-wide SMS budgets and how long an
 * idle session lives (a customer's and a staff member's).
 */
import { isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';

export const signInSettings = {
  /** Digits of an OTP (4–8). Unset: 4 with the demo sender (the storefront's dialog shows 4), else 6. */
  OTP_LENGTH: z.coerce.number().int().min(4).max(8).optional(),
  /** Flood backstop: sign-in requests (OTP sends and checks) allowed per client IP per 10 minutes. */
  AUTH_IP_LIMIT: z.coerce.number().int().min(1).default(1000),
  /** Distinct phone numbers one client IP may look up (sign-in, sign-up, number change) per hour. */
  AUTH_LOOKUP_LIMIT: z.coerce.number().int().min(1).default(100),
  /**
   * SMS sender: `console` (demo mode only: no SMS, the code is shown on screen), `exotel` or
   * `msg91` (those gateways' own HTTP APIs) or `http` (a generic gateway taking JSON). Unset:
   * `console` in demo mode; otherwise OTP sign-in is off (503) until set.
   */
  SMS_SENDER: z.enum(['console', 'http', 'exotel', 'msg91']).optional(),
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /**
   * The shop's registered SMS templates (JSON): per message and language, the DLT template id and
   * the registered text. Unset: the repository's file, fit for demo mode and tests only.
   */
  SMS_TEMPLATES_FILE: z.string().default(''),
  /** The shop's DLT principal-entity id (TRAI's registration of the business that sends). */
  SMS_DLT_ENTITY_ID: z.string().trim().optional(),
  /** The registered sender id (header), e.g. FRMFRS: six letters for transactional SMS. */
  SMS_SENDER_ID: z.string().trim().optional(),
  /** Exotel's API address for the account's cluster (https://api.exotel.com or https://api.in.exotel.com). */
  EXOTEL_API_URL: z.string().url().default('https://api.exotel.com'),
  /** Exotel account SID, API key and API token (basic auth key:token). */
  EXOTEL_SID: z.string().trim().optional(),
  EXOTEL_API_KEY: z.string().trim().optional(),
  EXOTEL_API_TOKEN: z.string().trim().optional(),
  /** MSG91's API address. */
  MSG91_API_URL: z.string().url().default('https://control.msg91.com'),
  /** MSG91 auth key (the `authkey` header). */
  MSG91_AUTH_KEY: z.string().trim().optional(),
  /** Countries (ISO 3166 codes, comma-separated) whose mobile numbers get SMS; others are refused before any code is made. */
  SMS_ALLOWED_COUNTRIES: z
    .string()
    .default('IN')
    .transform((text, ctx) => {
      const codes = text
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
      const bad = codes.filter((c) => !isSupportedCountry(c));
      if (bad.length > 0 || codes.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `not a country code: ${bad.join(', ') || '(empty)'}; e.g. IN or IN,AE`,
        });
        return z.NEVER;
      }
      return codes;
    }),
  /** Shop-wide OTP SMS per hour, from all numbers and addresses; past it OTP sends answer 503 until the hour has room. */
  SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).default(300),
  /** Shop-wide OTP SMS per 24 hours (the daily bill's ceiling). */
  SMS_BUDGET_PER_DAY: z.coerce.number().int().min(1).default(2000),
  /** OTP SMS per hour to numbers sharing all digits but the last two (a block of 100 numbers). */
  SMS_PREFIX_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Days a session lives without being used (its idle timeout), beside the absolute 30 days. */
  SESSION_IDLE_DAYS: z.coerce.number().min(1).max(30).default(7),
  /**
   * Minutes a staff session lives without an action (a page of the back office, a change through
   * its API), beside its absolute 12 hours. An island's background polls (the order board's) are
   * not actions, so an open board does not keep an unattended tablet signed in (ADR 0112).
   */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
};

/** The fields checkSignInSettings reads. */
interface SignInSettings {
  SMS_SENDER?: 'console' | 'http' | 'exotel' | 'msg91';
  SMS_GATEWAY_URL?: string;
  SMS_TEMPLATES_FILE: string;
  SMS_DLT_ENTITY_ID?: string;
  SMS_SENDER_ID?: string;
  EXOTEL_SID?: string;
  EXOTEL_API_KEY?: string;
  EXOTEL_API_TOKEN?: string;
  MSG91_AUTH_KEY?: string;
}

/** What each gateway's sender cannot start without, beyond the templates file's own check. */
const GATEWAY_REQUIRES = {
  exotel: [
    'SMS_TEMPLATES_FILE',
    'SMS_DLT_ENTITY_ID',
    'SMS_SENDER_ID',
    'EXOTEL_SID',
    'EXOTEL_API_KEY',
    'EXOTEL_API_TOKEN',
  ],
  // MSG91 sends the header and DLT ids held by the shop's MSG91 template; the entity id is
  // still required so that `npm run sms:check` and the shop's records name the registration.
  msg91: ['SMS_TEMPLATES_FILE', 'SMS_DLT_ENTITY_ID', 'MSG91_AUTH_KEY'],
} as const;

/**
 * Cross-checks of the sign-in variables: the http sender needs its gateway's address; the Exotel
 * and MSG91 senders need the shop's own templates file (the repository's is for demo mode and
 * tests), the DLT entity id, Exotel the header, and each its credentials (ADR 0133).
 */
export function checkSignInSettings(c: SignInSettings, ctx: z.RefinementCtx): void {
  if (c.SMS_SENDER === 'http' && !c.SMS_GATEWAY_URL)
    ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAY_URL'], message: 'required when SMS_SENDER=http' });
  if (c.SMS_SENDER === 'exotel' || c.SMS_SENDER === 'msg91')
    for (const name of GATEWAY_REQUIRES[c.SMS_SENDER])
      if (!c[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            name === 'SMS_TEMPLATES_FILE'
              ? `required when SMS_SENDER=${c.SMS_SENDER}: the shop's registered DLT templates (the repository's file is for demo mode and tests only)`
              : `required when SMS_SENDER=${c.SMS_SENDER}`,
        });
}
