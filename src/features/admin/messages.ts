/**
 * The staff sign-in's code-step text, in a module without zod or libphonenumber-js so the sign-in
 * form (AdminLogin.tsx) does not load them for one sentence.
 */
import { formatPhone } from '#lib/phone.ts';

/**
 * Where a staff sign-in code went: by SMS, or on screen in demo mode (the console SMS sender sends
 * nothing and hands the code to the client); with `length`, the code's digits; `again` is a resend.
 * The number reads as people read it (formatPhone).
 * @example staffCodeSentMessage('+919447000002', false) // "We sent a code to +91 94470 00002."
 * @example staffCodeSentMessage('+919447000002', true, 4) // "Your 4-digit code for +91 94470 00002 is shown on screen."
 * @example staffCodeSentMessage('+919447000002', true, 4, true) // "A new 4-digit code for +91 94470 00002 is shown on screen."
 */
export function staffCodeSentMessage(number: string, onScreen: boolean, length?: number, again = false): string {
  const to = formatPhone(number);
  const code = length ? `${length}-digit code` : 'code';
  if (onScreen)
    return again ? `A new ${code} for ${to} is shown on screen.` : `Your ${code} for ${to} is shown on screen.`;
  return again ? `A new ${code} was sent to ${to}.` : `We sent a ${code} to ${to}.`;
}
