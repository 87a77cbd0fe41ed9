/**
 * The OTP step's Resend button while a send must wait (src/features/auth/rules.ts `resendLabel`):
 * a countdown in seconds under a minute, then in whole minutes or hours, never a count of
 * thousands of seconds after a refused send.
 */
import { describe, expect, it } from 'vitest';
import { resendLabel } from '#features/auth/rules.ts';

describe('the Resend button while a send must wait', () => {
  it('says Resend OTP when the customer may ask again', () => {
    expect(resendLabel(0)).toBe('Resend OTP');
    expect(resendLabel(-3)).toBe('Resend OTP');
  });

  it('counts seconds under a minute, then whole minutes and hours, rounded up', () => {
    expect(resendLabel(30)).toBe('Resend OTP in 30s');
    expect(resendLabel(59)).toBe('Resend OTP in 59s');
    expect(resendLabel(60)).toBe('Resend OTP in 1 min');
    expect(resendLabel(61)).toBe('Resend OTP in 2 min');
    expect(resendLabel(3593)).toBe('Resend OTP in 60 min');
    expect(resendLabel(3601)).toBe('Resend OTP in 2 h');
  });
});
