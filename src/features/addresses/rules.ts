/**
 * Address form rules shared by the address dialog and the API (spec 001 §5), with the spec's
 * messages verbatim. Postal codes keep digits only, 6 of them; latitude and longitude must
 * both be set (a map click or "Use My Current Location").
 */
import { z } from 'zod';
import '../../lib/zod-csp.ts';
import { phoneField } from '../auth/rules.ts';

export const ADDRESS_MESSAGES = {
  name: 'Full Name is required',
  mobile: 'Please enter a valid mobile number',
  building: 'Building Number is required',
  street: 'Street is required',
  city: 'City is required',
  poBoxRequired: 'Postal Code is required',
  poBoxSix: 'Postal Code must be exactly 6 digits',
  location: 'Please select a location on the map',
  fixErrors: 'Please fix the errors in the form before submitting.',
  idRequired: 'Address ID is required.',
  allRequired: 'All required address fields must be provided.',
  added: 'Address added successfully!',
  updated: 'Address updated successfully!',
  deleted: 'Address deleted successfully!',
  defaultSet: 'Default address set successfully!',
} as const;

/** Digits only, at most 6 (what the postal code input keeps). */
export const cleanPostalCode = (value: string) => value.replace(/\D/g, '').slice(0, 6);

const text = (message: string, max = 120) => z.string({ message }).trim().min(1, message).max(max, `At most ${max} characters.`);
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ message: ADDRESS_MESSAGES.location }).min(min, ADDRESS_MESSAGES.location).max(max, ADDRESS_MESSAGES.location),
  );

/** An address as the form and the add/edit API take it. */
export const addressSchema = z.object({
  type: z.string().trim().max(20).optional().default('home'),
  name: text(ADDRESS_MESSAGES.name, 100),
  mobile: phoneField({ required: ADDRESS_MESSAGES.mobile, invalid: ADDRESS_MESSAGES.mobile }),
  building_num: text(ADDRESS_MESSAGES.building),
  street: text(ADDRESS_MESSAGES.street, 200),
  landmark: z.string().trim().max(200).optional().nullable().transform((v) => v || null),
  city: text(ADDRESS_MESSAGES.city, 100),
  po_box: z
    .string({ message: ADDRESS_MESSAGES.poBoxRequired })
    .trim()
    .min(1, ADDRESS_MESSAGES.poBoxRequired)
    .regex(/^\d{6}$/, ADDRESS_MESSAGES.poBoxSix),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
});

export type AddressInput = z.infer<typeof addressSchema>;
