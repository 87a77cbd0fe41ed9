/**
 * Sign-up, login and OTP rules shared by the auth dialogs, the account forms and the API
 * (docs/sign-in-rules.md), with the texts customers see. Browser-safe (zod and libphonenumber-js).
 *
 * Phone numbers: `phone` (below) is the one helper that reads them. They travel and are stored
 * in E.164 form ("+919876543210"); the default country is India. For reading they are written by
 * `formatPhone` (src/lib/phone.ts).
 */

import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import '#lib/zod-csp.ts';
import { AUTH_MESSAGES, otpSentMessage } from './messages.ts';

export { AUTH_MESSAGES, otpSentMessage };

/** The phone input's and the parser's default country: India. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'IN';

/** Maximum digits in a phone number (E.164's own limit). */
export const PHONE_MAX_DIGITS = 15;

/**
 * Without a "+", up to this many digits are read as a national number of the default country
 * (what people type: "98765 43210"); longer ones as digits with their country code, the "+"
 * added (a number always leaves with its leading +). Ten digits is an Indian number
 * without its code; a country code makes a number longer.
 */
const NATIONAL_MAX_DIGITS = 10;

const parseValid = (text: string, country?: CountryCode) => {
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed : undefined;
};

/**
 * The phone helper (libphonenumber-js, its "min" metadata, as the phone input uses): parses what
 * a person or a client typed, validates it for its country and writes it in E.164.
 */
export const phone = {
  /**
   * E.164 of `text`; '' when it is blank; null when it is not a valid number.
   * @example phone.toE164('98765 43210') // '+919876543210'
   * @example phone.toE164('91 98765 43210') // '+919876543210'
   * @example phone.toE164('447911123456') // '+447911123456'
   */
  toE164(text: string): string | null {
    const trimmed = text.trim();
    if (!trimmed) return '';
    const digits = trimmed.replace(/\D/g, '');
    if (!digits) return null;
    if (digits.length > PHONE_MAX_DIGITS + 1) return null;
    if (trimmed.startsWith('+') || trimmed.startsWith('(+')) return parseValid(`+${digits}`)?.number ?? null;
    const national = () => parseValid(trimmed, DEFAULT_PHONE_COUNTRY);
    const international = () => parseValid(`+${digits}`);
    const found =
      digits.length <= NATIONAL_MAX_DIGITS ? (national() ?? international()) : (international() ?? national());
    return found?.number ?? null;
  },

  /** True when `text` is a valid phone number (see toE164). */
  isValid(text: string): boolean {
    return !!phone.toE164(text);
  },

  /**
   * The value for a phone input: E.164 when `stored` is a number (stored numbers may lack the
   * country code), else `stored` unchanged so the person sees what was saved.
   */
  forInput(stored: string | null | undefined): string {
    return phone.toE164(stored ?? '') || (stored ?? '');
  },
} as const;

/**
 * A phone number field: required (`required` message), valid (`invalid`), and out in E.164.
 * Used by the sign-up, login, profile and address schemas.
 */
export function phoneField(messages: { required: string; invalid: string }) {
  return z
    .string({ message: messages.required })
    .trim()
    .min(1, messages.required)
    .max(40, messages.invalid)
    .transform((text, ctx) => {
      const e164 = phone.toE164(text);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: e164 === '' ? messages.required : messages.invalid });
        return z.NEVER;
      }
      return e164;
    });
}

/** The spec's "simple pattern": text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Digits of an OTP as typed: digits only, cut to `length` characters. */
export function cleanOtpInput(value: string, length = 4): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/** OTP message for a code length (the spec's text uses 4). */
export function otpLengthMessage(length: number): string {
  return length === 4 ? AUTH_MESSAGES.invalidOtp : `Please enter a ${length}-digit OTP`;
}

/** Codes have 4 to 8 digits (OTP_LENGTH: 6, or 4 in demo mode). */
/**
 * The Resend button's label while a send must wait `waitSeconds`: seconds under a minute, then
 * whole minutes, then whole hours, rounded up (a refused send can mean an hour's wait).
 * @example resendLabel(0) // 'Resend OTP'
 * @example resendLabel(42) // 'Resend OTP in 42s'
 * @example resendLabel(3593) // 'Resend OTP in 60 min'
 */
export function resendLabel(waitSeconds: number): string {
  if (waitSeconds <= 0) return 'Resend OTP';
  if (waitSeconds < 60) return `Resend OTP in ${Math.ceil(waitSeconds)}s`;
  if (waitSeconds <= 3600) return `Resend OTP in ${Math.ceil(waitSeconds / 60)} min`;
  return `Resend OTP in ${Math.ceil(waitSeconds / 3600)} h`;
}

export const OTP_MIN_LENGTH = 4;
export const OTP_MAX_LENGTH = 8;
/** Used only if an older server sends no `otp_length` (and no demo code to measure). */
export const DEFAULT_OTP_LENGTH = 6;

/** Digits of the code just sent: the server's `otp_length` (4–8), else the demo code's length. */
export function otpLengthOf(sent: { otp_length?: number; demo_otp?: string }): number {
  const n = sent.otp_length ?? sent.demo_otp?.length ?? 0;
  return Number.isInteger(n) && n >= OTP_MIN_LENGTH && n <= OTP_MAX_LENGTH ? n : DEFAULT_OTP_LENGTH;
}

/** True when `code` is exactly `length` digits. */
export function isOtpOfLength(code: string, length: number): boolean {
  return code.length === length && /^\d+$/.test(code);
}

const loginPhone = phoneField({ required: AUTH_MESSAGES.mobileRequired, invalid: AUTH_MESSAGES.invalidPhone });

/** Sign-up form: name, email and mobile, all required. */
export const signupSchema = z.object({
  name: z.string({ message: AUTH_MESSAGES.fillAll }).trim().min(1, AUTH_MESSAGES.fillAll).max(100, 'Name is too long.'),
  email: z
    .string({ message: AUTH_MESSAGES.fillAll })
    .trim()
    .min(1, AUTH_MESSAGES.fillAll)
    .max(254, AUTH_MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail),
  mobile: z.string({ message: AUTH_MESSAGES.fillAll }).trim().min(1, AUTH_MESSAGES.fillAll).pipe(loginPhone),
});

/** Login: the phone number, sent as `key` (POST /api/validate-customer). */
export const loginSchema = z.object({ key: loginPhone });

/** The OTP field of a code of `length` digits (the server's OTP_LENGTH). */
export const otpCodeSchema = (length = 4) =>
  z.object({
    otp: z
      .string({ message: otpLengthMessage(length) })
      .trim()
      .regex(new RegExp(`^\\d{${length}}$`), otpLengthMessage(length)),
  });

/** OTP check: phone as `key` and the code. */
export const otpLoginSchema = (length = 4) => loginSchema.extend(otpCodeSchema(length).shape);

/** Request header with which an API client asks `/api/otp-login` for `data.token` (value `bearer`). */
export const TOKEN_TRANSPORT_HEADER = 'x-token-transport';
