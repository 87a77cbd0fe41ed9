/** JSON shapes of the auth API. */
import type { OtpSent } from './otp.ts';
import type { SessionCustomer } from './session.ts';

/**
 * Answer to an OTP send: expiry (seconds), the code's digits (`otp_length`, for the OTP field),
 * and the code itself (`demo_otp`) only with the console (demo) SMS sender.
 */
export function otpSentJson(sent: OtpSent) {
  return {
    otp_sent: true as const,
    expires_in: sent.expiresInSeconds,
    otp_length: sent.length,
    ...(sent.demoCode ? { demo_otp: sent.demoCode } : {}),
  };
}

/** The signed-in customer as clients read it. */
export function customerJson(c: Pick<SessionCustomer, 'id' | 'name' | 'email' | 'phone'>) {
  return { id: c.id, name: c.name ?? '', email: c.email ?? '', mobile: c.phone ?? '' };
}
