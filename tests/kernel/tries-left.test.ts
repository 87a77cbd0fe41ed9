/**
 * The sign-in forms' wrong-code message (src/lib/ui/tries-left.ts): the server's message, then the
 * tries its answer says are left; the message alone when the answer names none.
 */
import { describe, expect, it } from 'vitest';
import { withTriesLeft } from '#lib/ui/tries-left.ts';

describe('a wrong code’s message', () => {
  it('adds the tries left after the message, one try in the singular', () => {
    expect(withTriesLeft('Invalid OTP', { otp_tries_left: 3 })).toBe('Invalid OTP. 3 tries left.');
    expect(withTriesLeft('Invalid OTP', { otp_tries_left: 1 })).toBe('Invalid OTP. 1 try left.');
    expect(withTriesLeft('Invalid OTP for your current mobile number', { otp_tries_left: 4 })).toBe(
      'Invalid OTP for your current mobile number. 4 tries left.',
    );
  });

  it('leaves a message alone when the answer names no tries left', () => {
    expect(withTriesLeft('Too many wrong attempts. Please request a new OTP.', { otp_spent: true })).toBe(
      'Too many wrong attempts. Please request a new OTP.',
    );
    expect(withTriesLeft('Invalid OTP', undefined)).toBe('Invalid OTP');
    expect(withTriesLeft('Invalid OTP', null)).toBe('Invalid OTP');
    expect(withTriesLeft('Invalid OTP', { otp_tries_left: 0 })).toBe('Invalid OTP');
    expect(withTriesLeft('Invalid OTP', { otp_tries_left: '3' })).toBe('Invalid OTP');
  });

  it('does not double a full stop the message ends with', () => {
    expect(withTriesLeft('This code is wrong.', { otp_tries_left: 2 })).toBe('This code is wrong. 2 tries left.');
  });
});
