/**
 * The auth texts customers see (docs/sign-in-rules.md), in a module without zod or
 * libphonenumber-js, so an island that only shows a message (the demo note, the account pages) does
 * not load them. Re-exported by rules.ts.
 */
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
  loggedOutEverywhere: 'You have been logged out of all devices.',
  demoNote: 'Demo mode: no SMS is sent. Codes are shown on screen.',
} as const;
