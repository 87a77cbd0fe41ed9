/**
 * The one phone helper (src/features/auth/rules.ts, libphonenumber-js): what people and clients
 * type becomes E.164 with India as the default country; the spec's "+ added when missing" still
 * holds for numbers that carry their country code; invalid numbers get the field's message.
 */
import { describe, expect, it } from 'vitest';
import { profileSchema } from '#features/account/profile-schema.ts';
import { addressSchema } from '#features/addresses/rules.ts';
import { loginSchema, phone, signupSchema } from '#features/auth/rules.ts';

describe('phone numbers', () => {
  it('reads a number typed without its country code as Indian', () => {
    for (const typed of ['9876543210', '98765 43210', '098765-43210', '(+91) 98765 43210', '+91 98765 43210']) {
      expect(phone.toE164(typed), typed).toBe('+919876543210');
    }
  });

  it('adds the missing "+" to a number that carries its country code', () => {
    expect(phone.toE164('919876543210')).toBe('+919876543210');
    expect(phone.toE164('447911123456')).toBe('+447911123456');
    expect(phone.toE164('14155552671')).toBe('+14155552671');
    expect(phone.toE164('+14155552671')).toBe('+14155552671');
  });

  it('refuses what is not a phone number, and tells empty from invalid', () => {
    expect(phone.toE164('')).toBe('');
    expect(phone.toE164('  ')).toBe('');
    for (const bad of ['98765', '+9198', '+91 98765 432101234', 'abc', '+1234567890123456789'])
      expect(phone.toE164(bad), bad).toBeNull();
    expect(phone.isValid('+919876543210')).toBe(true);
    expect(phone.isValid('12')).toBe(false);
  });

  it('writes a stored number for the phone input', () => {
    expect(phone.forInput('9876543210')).toBe('+919876543210');
    expect(phone.forInput('12')).toBe('12');
    expect(phone.forInput(null)).toBe('');
  });

  it("is the rule of every form that takes a mobile number, with each form's message", () => {
    expect(loginSchema.parse({ key: '98765 43210' }).key).toBe('+919876543210');
    expect(loginSchema.safeParse({ key: '98765' }).error?.issues[0]?.message).toBe(
      'Please enter a valid mobile number',
    );
    expect(loginSchema.safeParse({ key: ' ' }).error?.issues[0]?.message).toBe('Please enter your mobile number');
    expect(signupSchema.safeParse({ name: 'Asha', email: 'a@b.co', mobile: '' }).error?.issues[0]?.message).toBe(
      'Please fill in all fields',
    );
    expect(profileSchema.parse({ name: 'Asha', email: 'a@b.co', mobile: '919876543210' }).mobile).toBe('+919876543210');
    const address = {
      name: 'Asha',
      building_num: '1',
      street: 'MG Road',
      city: 'Thrissur',
      po_box: '680001',
      latitude: 10.5,
      longitude: 76.2,
    };
    expect(addressSchema.parse({ ...address, mobile: '98765 43210' }).mobile).toBe('+919876543210');
    expect(addressSchema.safeParse({ ...address, mobile: '12-345' }).error?.issues[0]?.message).toBe(
      'Please enter a valid mobile number',
    );
  });
});
