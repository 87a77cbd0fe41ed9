/**
 * Phone numbers as people read them (src/lib/phone.ts): an Indian mobile number, stored or typed,
 * reads "+91 98765 43210"; anything else (another country's number, a landline, a short or
 * malformed value) is shown exactly as given.
 */
import { describe, expect, it } from 'vitest';
import { formatPhone } from '#lib/phone.ts';

describe('formatPhone', () => {
  it('writes an Indian mobile number as +91 and two groups of five digits', () => {
    for (const given of [
      '+919876543210',
      '919876543210',
      '9876543210',
      '09876543210',
      '98765 43210',
      '+91 98765 43210',
      '+91-98765-43210',
      '(+91) 98765 43210',
      ' +919876543210 ',
    ])
      expect(formatPhone(given), given).toBe('+91 98765 43210');
    expect(formatPhone('+916000000001')).toBe('+91 60000 00001');
  });

  it('shows short, long and malformed input as given', () => {
    for (const given of [
      '',
      '98765',
      '+9198765',
      '987654321',
      '+91987654321012',
      '98765432101',
      'not a number',
      'call 9876543210',
      '9876543210 ext 2',
      '+91 98765 4321x',
    ])
      expect(formatPhone(given), given).toBe(given);
  });

  it('shows numbers that are not Indian mobiles as given', () => {
    // Another country's number: its own grouping is not guessed.
    expect(formatPhone('+447911123456')).toBe('+447911123456');
    expect(formatPhone('+14155552671')).toBe('+14155552671');
    // Ten digits with a country code that is not India's, or with a "+" and no code.
    expect(formatPhone('+1 9876543210')).toBe('+1 9876543210');
    expect(formatPhone('+9876543210')).toBe('+9876543210');
    // A landline (Thrissur), as the shop's settings write it, and without spaces.
    expect(formatPhone('+91 487 242 0000')).toBe('+91 487 242 0000');
    expect(formatPhone('+914872420000')).toBe('+914872420000');
    // Ten digits that no Indian mobile number starts with.
    expect(formatPhone('1234567890')).toBe('1234567890');
  });
});
