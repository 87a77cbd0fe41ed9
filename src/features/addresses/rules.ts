/**
 * Address rules shared by the address dialog and the API (docs/account-rules.md#address-dialog),
 * with the texts customers see. Postal codes keep digits only, 6 of them; latitude and longitude
 * must both be set (a map click or "Use My Current Location"). Mobile numbers are checked and put
 * in E.164 form ("+919876543210") by the shop's one phone rule (features/auth/rules.ts, on
 * libphonenumber-js). Browser-safe (zod only).
 */
import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY, phone } from '#features/auth/rules.ts';
import '#lib/zod-csp.ts';
import { ADDRESS_MESSAGES } from './messages.ts';

export { ADDRESS_MESSAGES, DEFAULT_PHONE_COUNTRY };
/** Longest mobile number text accepted, spaces and dashes included (characters). */
export const MOBILE_MAX_CHARS = 20;

/**
 * A mobile number in E.164 form ("+919876543210"), or null when it is not a valid number (the
 * shop's one phone rule, features/auth/rules.ts).
 */
export function mobileE164(value: string): string | null {
  return phone.toE164(value);
}

/** Digits only, at most 6 (what the postal code input keeps). */
export const cleanPostalCode = (value: string) => value.replace(/\D/g, '').slice(0, 6);

const text = (message: string, max: number, blank = message) =>
  z.string({ message: blank }).trim().min(1, blank).max(max, `At most ${max} characters.`);
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ message: ADDRESS_MESSAGES.location })
      .min(min, ADDRESS_MESSAGES.location)
      .max(max, ADDRESS_MESSAGES.location),
  );

/**
 * The fields of an address. `blank` replaces the messages for a missing or blank required
 * field (edit-address answers "All required address fields must be provided." for any of them).
 */
export function addressShape(blank?: string) {
  return {
    type: z.string().trim().max(20).optional().default('home'),
    name: text(ADDRESS_MESSAGES.name, 100, blank),
    mobile: z
      .string({ message: blank ?? ADDRESS_MESSAGES.mobile })
      .trim()
      .min(1, blank ?? ADDRESS_MESSAGES.mobile)
      .max(MOBILE_MAX_CHARS, ADDRESS_MESSAGES.mobile)
      .transform((v, ctx) => {
        const e164 = mobileE164(v);
        if (e164 === null) {
          ctx.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.mobile });
          return z.NEVER;
        }
        return e164;
      }),
    building_num: text(ADDRESS_MESSAGES.building, 120, blank),
    street: text(ADDRESS_MESSAGES.street, 200, blank),
    landmark: z
      .string()
      .trim()
      .max(200)
      .optional()
      .nullable()
      .transform((v) => v || null),
    city: text(ADDRESS_MESSAGES.city, 100, blank),
    po_box: z
      .string({ message: blank ?? ADDRESS_MESSAGES.poBoxRequired })
      .trim()
      .min(1, blank ?? ADDRESS_MESSAGES.poBoxRequired)
      .regex(/^\d{6}$/, ADDRESS_MESSAGES.poBoxSix),
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
  };
}

/** An address as the form and the add/edit API take it. */
export const addressSchema = z.object(addressShape());

export type AddressInput = z.infer<typeof addressSchema>;

/** Geolocation messages of the address dialog. */
export const GEO_MESSAGES = {
  unsupported: 'Geolocation is not supported by your browser.',
  denied: 'Location access denied. Please enable location permissions in your browser settings.',
  unavailable: 'Location information is unavailable. Please try again.',
  timeout: 'Location request timed out. Please try again.',
  unknown: 'An unknown error occurred while fetching location.',
} as const;

/** Browser geolocation options: high accuracy, 10 s timeout, 60 s maximum age. */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };
