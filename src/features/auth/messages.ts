/**
 * The auth texts customers see (docs/sign-in-rules.md), in a module without zod or
 * libphonenumber-js, so an island that only shows a message (the demo note, the account pages) does
 * not load them. Re-exported by rules.ts.
 */
import { formatPhone } from '#lib/phone.ts';

export const AUTH_MESSAGES = {
  mobileRequired: 'Please enter your mobile number',
  fillAll: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email',
  invalidOtp: 'Please enter a 4-digit OTP',
  invalidPhone: 'Please enter a valid mobile number',
  loginSuccess: 'You have logged in successfully',
  otpWrong: 'Invalid OTP',
  otpSpent: 'Too many wrong attempts. Please request a new OTP.',
  invalidUser: 'Invalid user',
  registrationFailed: 'Registration failed',
  loggedOutEverywhere: 'You have been logged out of all devices.',
  demoNote: 'Demo mode: no SMS is sent. Codes are shown on screen.',
} as const;

/**
 * Where a customer's sign-in code went, as the code step and the API's message say it: by SMS, or
 * on screen in demo mode (the console SMS sender sends nothing and hands the code to the client).
 * `again` is a resend. The number reads as people read it (formatPhone).
 * @example otpSentMessage('+919447000001', { onScreen: false }) // "We sent an OTP to +91 94470 00001."
 * @example otpSentMessage('+919447000001', { onScreen: true }) // "Your OTP for +91 94470 00001 is shown on screen."
 */
export function otpSentMessage(
  number: string,
  { onScreen, again = false }: { onScreen: boolean; again?: boolean },
): string {
  const to = formatPhone(number);
  if (onScreen) return again ? `A new OTP for ${to} is shown on screen.` : `Your OTP for ${to} is shown on screen.`;
  return again ? `A new OTP was sent to ${to}.` : `We sent an OTP to ${to}.`;
}
