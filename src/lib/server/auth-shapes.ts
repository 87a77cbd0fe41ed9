/** JSON shapes of the auth API. */
import type { OtpSent, SessionCustomer } from './services/auth.ts';

/** Answer to an OTP send: expiry, and the code itself only with the console (demo) SMS sender. */
export function otpSentJson(sent: OtpSent) {
  return { otp_sent: true, expires_in: sent.expiresInSeconds, ...(sent.demoCode ? { demo_otp: sent.demoCode } : {}) };
}

/** The signed-in customer as clients read it. */
export function customerJson(c: Pick<SessionCustomer, 'id' | 'name' | 'email' | 'phone'>) {
  return { id: c.id, name: c.name ?? '', email: c.email ?? '', mobile: c.phone ?? '' };
}
