/**
 * Sign-in routes (register, validate-customer, otp-login; logout and the session read;
 * docs/sign-in-rules.md): the one declaration of each, shared by the server (routes.ts), the auth
 * store and dialog (with `import type` only) and the OpenAPI document. Zod only, no server import.
 *
 * OTP sends answer 429 over a sign-in limit (README "Sign-in limits") and 503 with Retry-After
 * when the shop has no SMS sender. They answer without waiting for the SMS gateway: the code is
 * sent after the answer, and a gateway failure is logged, never answered (ADR 0113). The OTP's digits are the server's OTP_LENGTH (6, or 4 in demo
 * mode), so the code's length is checked by the handler, not here.
 */
import { z } from 'zod';
import { defineRoute } from '#lib/http/contract.ts';
import { loginSchema, signupSchema } from './rules.ts';

/** The signed-in customer as clients read it. */
export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().describe('E.164, e.g. +919876543210'),
});

/** Answer to an OTP send. */
export const otpSentSchema = z.object({
  otp_sent: z.literal(true),
  expires_in: z.number().int().describe('Seconds until the code expires'),
  otp_length: z.number().int().describe('Digits of the code (OTP_LENGTH: 6, or 4 in demo mode)'),
  demo_otp: z
    .string()
    .optional()
    .describe('The code itself, only in demo mode (DEMO_MODE=true: the console SMS sender)'),
});

/** The code, checked against the server's OTP_LENGTH by the handler ("Please enter a 6-digit OTP"). */
export const otpInput = z.custom<string>().optional().describe('The OTP: OTP_LENGTH digits, as a string');

/** POST /api/register: starts a sign-up; the OTP sent to the phone completes it at otp-login. */
export const registerRoute = defineRoute({
  method: 'POST',
  path: '/api/register',
  summary: 'Start a sign-up: sends an OTP to the phone',
  description:
    'Name, email and mobile, all required. Sends an OTP to the mobile after the answer (a gateway failure is not answered: the customer asks again with Resend); POST /api/otp-login with it creates the account. 409 when the phone already has an account; 429 over a sign-in limit, also while too many wrong codes lock the number from this address (`data.otp_locked` true, no code made); 503 with Retry-After when no SMS sender is configured.',
  auth: 'none',
  body: signupSchema,
  response: otpSentSchema,
});

/** POST /api/validate-customer: the login step that sends an OTP to a known customer's phone. */
export const validateCustomerRoute = defineRoute({
  method: 'POST',
  path: '/api/validate-customer',
  summary: 'Log in: sends an OTP to a known phone',
  description:
    'The phone as `key` (the spec sends `otp: ""` too, ignored). Sends an OTP after the answer (a gateway failure is not answered: the customer asks again with Resend). 404 when the phone has no account (look-ups of distinct phones are limited per address); 429 over a sign-in limit, also while too many wrong codes lock the number from this address (`data.otp_locked` true, no code made); 503 with Retry-After when no SMS sender is configured.',
  auth: 'none',
  body: loginSchema.extend({ otp: z.custom<string>().optional().describe('Ignored; the spec sends an empty string') }),
  response: otpSentSchema,
});

/** POST /api/otp-login: checks the OTP of a login or a sign-up and starts a session. */
export const otpLoginRoute = defineRoute({
  method: 'POST',
  path: '/api/otp-login',
  summary: 'Check the OTP and start a session',
  description:
    'Sets the HttpOnly session cookie. The session token itself is in `data.token` (for `Authorization: Bearer`) only when the request carries the header `X-Token-Transport: bearer`; browsers never need it. Wrong code: 400 "Invalid OTP" with `data.otp_tries_left`, the wrong tries left before the code can no longer be checked from this address (the fewer of the code’s 5 and the wrong-code lock’s); the fifth wrong try kills the code and answers 400 "Too many wrong attempts. Please request a new OTP."; that and an expired, used or replaced code answer 400 with `data.otp_spent` true (ask for a new code); 429 with `data.otp_locked` true after too many wrong codes, from the wrong try that reaches the limit on (Retry-After says when to try again).',
  auth: 'none',
  body: loginSchema.extend({ otp: otpInput }),
  response: z.object({
    token: z.string().optional().describe('Only with X-Token-Transport: bearer'),
    customer: customerSchema,
    created: z.boolean().describe('True when this OTP completed a sign-up'),
  }),
});

/** POST /api/logout: revokes the current session; always 200. */
export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/api/logout',
  summary: 'Log out: revokes the session and clears the cookies',
  auth: 'optional',
  response: z.object({}),
});

/** GET /api/customer/session: the signed-in customer, or 401. */
export const sessionRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/session',
  summary: 'The signed-in customer',
  auth: 'customer',
  response: z.object({ customer: customerSchema }),
});

/** POST /api/customer/logout-all-devices: ends every session of the customer ("Log out of all devices"). */
export const logoutAllDevicesRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/logout-all-devices',
  summary: 'Log out of all devices: revokes every session of the customer',
  description:
    'Ends every session of the signed-in customer, this one included (browsers, apps with a Bearer token), and clears the cookies. 401 without a session.',
  auth: 'customer',
  response: z.object({ sessions_ended: z.number().int().describe('Sessions that were live, this one included') }),
});

export const authContracts = [
  registerRoute,
  validateCustomerRoute,
  otpLoginRoute,
  logoutRoute,
  logoutAllDevicesRoute,
  sessionRoute,
] as const;
