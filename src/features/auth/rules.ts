/**
 * Sign-up, login and OTP rules shared by the auth dialogs and the API (spec 000 §5), with the
 * spec's messages verbatim. Phone numbers travel in E.164 form with a leading "+".
 */
import { z } from 'zod';
import '../../lib/zod-csp.ts';

export const AUTH_MESSAGES = {
  mobileRequired: 'Please enter your mobile number',
  fillAll: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email',
  invalidOtp: 'Please enter a 4-digit OTP',
  invalidPhone: 'Please enter a valid mobile number',
  loginSuccess: 'You have logged in successfully',
  otpWrong: 'Invalid OTP',
  invalidUser: 'Invalid user',
  registrationFailed: 'Registration failed',
} as const;

/** Maximum digits in a phone number (spec 000 §9). */
export const PHONE_MAX_DIGITS = 15;

/** The spec's "simple pattern": text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Adds the leading "+" when missing and drops spaces, dashes and brackets (spec 000 §5).
 * @example withPlus('91 98765 43210') // '+919876543210'
 */
export function withPlus(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (!digits) return '';
  return digits.startsWith('+') ? digits : `+${digits}`;
}

/** Digits of an OTP as typed: digits only, cut to `length` characters (spec 000 §5). */
export function cleanOtpInput(value: string, length = 4): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/** OTP message for a code length (the spec's text uses 4). */
export function otpLengthMessage(length: number): string {
  return length === 4 ? AUTH_MESSAGES.invalidOtp : `Please enter a ${length}-digit OTP`;
}

const phoneField = z
  .string({ message: AUTH_MESSAGES.mobileRequired })
  .trim()
  .min(1, AUTH_MESSAGES.mobileRequired)
  .transform(withPlus)
  .refine((p) => /^\+\d{6,15}$/.test(p), AUTH_MESSAGES.invalidPhone);

/** Sign-up form: name, email and mobile, all required. */
export const signupSchema = z.object({
  name: z.string({ message: AUTH_MESSAGES.fillAll }).trim().min(1, AUTH_MESSAGES.fillAll).max(100, 'Name is too long.'),
  email: z
    .string({ message: AUTH_MESSAGES.fillAll })
    .trim()
    .min(1, AUTH_MESSAGES.fillAll)
    .max(254, AUTH_MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail),
  mobile: z.string({ message: AUTH_MESSAGES.fillAll }).trim().min(1, AUTH_MESSAGES.fillAll).pipe(phoneField),
});

/** Login: the phone number, sent as `key` (spec 000 §7 validate-customer). */
export const loginSchema = z.object({ key: phoneField });

/** OTP check: phone as `key` and the code. */
export const otpLoginSchema = (length = 4) =>
  z.object({
    key: phoneField,
    otp: z
      .string({ message: otpLengthMessage(length) })
      .trim()
      .regex(new RegExp(`^\\d{${length}}$`), otpLengthMessage(length)),
  });
