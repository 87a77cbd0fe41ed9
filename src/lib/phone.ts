/**
 * Phone numbers as people read them. Numbers are stored and travel in E.164 ("+919876543210",
 * docs/adr/0007-phone-numbers-in-e164.md); wherever one is shown to a person (the storefront, the
 * back office, messages that name a number, invoices) it is written by `formatPhone`. Display only:
 * inputs, stored values and what is sent to the server are never reformatted. No dependency, so an
 * island that only shows a number does not load libphonenumber-js's metadata (ADR 0014).
 */

/**
 * An Indian mobile number once spaces, hyphens, dots and brackets are gone: ten digits starting
 * 6–9, after "+91", "91", "0" or nothing; the two groups of five digits captured.
 */
const INDIAN_MOBILE = /^(?:\+91|91|0)?([6-9]\d{4})(\d{5})$/;

/**
 * An Indian mobile number written as "+91 98765 43210": the country code, then the ten digits in
 * two groups of five, as they are read out. Read from the stored form and from what people type
 * ("+919876543210", "919876543210", "09876543210", "98765 43210", "+91-98765-43210"). Anything
 * else (another country's number, a landline, a short or malformed value) is returned as given.
 * @example formatPhone('+919876543210') // '+91 98765 43210'
 * @example formatPhone('9876543210') // '+91 98765 43210'
 * @example formatPhone('+447911123456') // '+447911123456'
 * @example formatPhone('98765') // '98765'
 */
export function formatPhone(value: string): string {
  const parts = INDIAN_MOBILE.exec(value.replace(/[\s().-]/g, ''));
  return parts ? `+91 ${parts[1]} ${parts[2]}` : value;
}
