/**
 * The sign-in route handlers (contracts in contract.ts; mounted by src/pages/api/register.ts,
 * validate-customer.ts, otp-login.ts, logout.ts, customer/logout-all-devices.ts and
 * customer/session.ts). Each OTP send first passes guardOtpSend (503 without a sender, 400 for a
 * country the shop sends no SMS to, the per-address throttles). A send's message says where the
 * code went: sent by SMS, or shown on screen in demo mode (the console sender sends none).
 */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getConfig } from '#lib/config.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import {
  logoutAllDevicesRoute,
  logoutRoute,
  otpLoginRoute,
  registerRoute,
  sessionRoute,
  validateCustomerRoute,
} from './contract.ts';
import { AUTH_MESSAGES, otpCodeSchema, otpSentMessage, TOKEN_TRANSPORT_HEADER } from './rules.ts';
import { customerJson, otpSentJson } from './server/auth-json.ts';
import { completeOtpLogin, startLogin, startSignup } from './server/otp.ts';
import { clearSessionCookie, clientIp, revokeAllSessions, revokeSession, setSessionCookie } from './server/session.ts';
import { signedIn } from './server/sign-in.ts';
import { guardOtpSend, throttleIp } from './server/throttles.ts';

export const registerEndpoint = implement(registerRoute, async ({ ctx, body }) => {
  const db = await getDb();
  const ip = clientIp(ctx);
  await guardOtpSend(db, ip, body.mobile);
  const sent = await startSignup(db, body, ip);
  return {
    data: otpSentJson(sent),
    message: otpSentMessage(body.mobile, { onScreen: sent.demoCode !== undefined }),
    headers: NO_STORE,
  };
});

export const validateCustomerEndpoint = implement(validateCustomerRoute, async ({ ctx, body }) => {
  const db = await getDb();
  const ip = clientIp(ctx);
  await guardOtpSend(db, ip, body.key, 'key');
  const sent = await startLogin(db, body.key, ip);
  return {
    data: otpSentJson(sent),
    message: otpSentMessage(body.key, { onScreen: sent.demoCode !== undefined }),
    headers: NO_STORE,
  };
});

export const otpLoginEndpoint = implement(otpLoginRoute, async ({ ctx, body }) => {
  const { otp } = otpCodeSchema(getConfig().OTP_LENGTH).parse({ otp: body.otp });
  const db = await getDb();
  const ip = clientIp(ctx);
  await throttleIp(db, ip);
  const { token, customer, created } = await completeOtpLogin(db, body.key, otp, ip);
  setSessionCookie(ctx.cookies, ctx, token);
  // Other features' work on sign-in (the cart adds what a guest pressed "Add" on before the login).
  await signedIn(ctx, db, customer.id);
  const bearer = ctx.request.headers.get(TOKEN_TRANSPORT_HEADER)?.trim().toLowerCase() === 'bearer';
  return {
    data: { ...(bearer ? { token } : {}), customer: customerJson(customer), created },
    message: AUTH_MESSAGES.loginSuccess,
    headers: NO_STORE,
  };
});

export const logoutEndpoint = implement(logoutRoute, async ({ ctx, customer }) => {
  if (customer) await revokeSession(await getDb(), customer.sessionId);
  clearSessionCookie(ctx.cookies, ctx);
  return { data: {}, message: 'You have been logged out.', headers: NO_STORE };
});

export const logoutAllDevicesEndpoint = implement(logoutAllDevicesRoute, async ({ ctx, customer }) => {
  const ended = await revokeAllSessions(await getDb(), customer.id);
  clearSessionCookie(ctx.cookies, ctx);
  return {
    data: { sessions_ended: ended },
    message: AUTH_MESSAGES.loggedOutEverywhere,
    headers: NO_STORE,
  };
});

export const sessionEndpoint = implement(sessionRoute, ({ customer }) => ({
  data: { customer: customerJson(customer) },
  headers: NO_STORE,
}));
