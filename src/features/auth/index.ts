/**
 * The auth feature's server surface: what pages, scripts, the server and other features use of its server code.
 * `sessionResolver` answers the kernel's session question; `onSignIn` lets another feature act on a sign-in
 * (both wired by src/server/wiring.ts).
 */

export { otpSentJson } from './server/auth-json.ts';
export { creditGrantHash, recordCreditGrant } from './server/credit-grants.ts';
export {
  findCustomerByPhone,
  issueOtp,
  OTP_KILLED,
  OTP_TTL_MS,
  OTP_WRONG,
  OTP_WRONG_LOCKED,
  type OtpSent,
  verifyOtp,
} from './server/otp.ts';
export {
  clearSessionCookie,
  clientIp,
  createSession,
  getCustomer,
  type SessionCustomer,
  sessionResolver,
  setCartHint,
} from './server/session.ts';
export { onSignIn, type SignInListener } from './server/sign-in.ts';
export { guardOtpSend, throttleIp } from './server/throttles.ts';
