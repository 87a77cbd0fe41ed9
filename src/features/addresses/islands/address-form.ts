/**
 * The address dialog's form state (docs/account-rules.md#address-dialog): the values as the inputs
 * hold them, the payload the API takes, and the checks with their messages (addressSchema, the same
 * rules the server applies). `useAddressForm` re-checks the fields that changed on every change.
 */
import { useRef, useState } from 'react';
import type { AddressJson } from '../contract.ts';
import { addressSchema, cleanPostalCode, mobileE164 } from '../rules.ts';

/** A form field with its own error line; `location` stands for latitude and longitude. */
export type Field = 'name' | 'mobile' | 'building_num' | 'street' | 'landmark' | 'city' | 'po_box' | 'location';
export type FieldErrors = Partial<Record<Field, string>>;

export interface FormValues {
  name: string;
  /** E.164 ("+919876543210"), what the phone input holds. */
  mobile: string;
  building_num: string;
  street: string;
  landmark: string;
  city: string;
  po_box: string;
  latitude: number | null;
  longitude: number | null;
}

export const EMPTY: FormValues = {
  name: '',
  mobile: '',
  building_num: '',
  street: '',
  landmark: '',
  city: '',
  po_box: '',
  latitude: null,
  longitude: null,
};

/** The form's values for an address being edited (empty for a new one). */
export function valuesOf(address?: AddressJson): FormValues {
  if (!address) return EMPTY;
  return {
    name: address.name === 'Not provided' ? '' : address.name,
    // Stored mobiles may lack the country code; the phone input wants E.164.
    mobile: mobileE164(address.mobile ?? '') ?? address.mobile ?? '',
    building_num: address.building_num ?? '',
    street: address.street ?? '',
    landmark: address.landmark ?? '',
    city: address.city ?? '',
    po_box: cleanPostalCode(address.po_box ?? ''),
    latitude: address.latitude,
    longitude: address.longitude,
  };
}

/** The add/edit-address body for the values (coordinates as '' when not set, so the server names them). */
export function payload(v: FormValues) {
  return {
    name: v.name,
    mobile: v.mobile,
    building_num: v.building_num,
    street: v.street,
    landmark: v.landmark,
    city: v.city,
    po_box: v.po_box,
    latitude: v.latitude ?? '',
    longitude: v.longitude ?? '',
  };
}

/** Field → message for every rule the values break. */
export function validate(v: FormValues): FieldErrors {
  const parsed = addressSchema.safeParse(payload(v));
  const errors: FieldErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    const field = (key === 'latitude' || key === 'longitude' ? 'location' : key) as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A coordinate rounded to 6 decimals (about 0.1 m). */
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The form's values and errors; `change` updates fields and re-checks the ones named. */
export function useAddressForm(initial?: AddressJson) {
  const [values, setValuesState] = useState<FormValues>(() => valuesOf(initial));
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [banner, setBanner] = useState('');
  // Refs keep the latest values for changes that arrive before a re-render (map clicks, geolocation).
  const valuesRef = useRef(values);
  const errorsRef = useRef(errors);

  function setValues(next: FormValues) {
    valuesRef.current = next;
    setValuesState(next);
  }
  function setErrors(next: FieldErrors) {
    errorsRef.current = next;
    setErrorsState(next);
  }

  /** Updates fields and re-checks the ones that changed (a field is checked on each change). */
  function change(patch: Partial<FormValues>, fields: Field[]) {
    const next = { ...valuesRef.current, ...patch };
    setValues(next);
    const all = validate(next);
    const out = { ...errorsRef.current };
    for (const f of fields) {
      if (all[f]) out[f] = all[f];
      else delete out[f];
    }
    setErrors(out);
    if (Object.keys(out).length === 0) setBanner('');
  }

  /** Starts over from an address (or empty). */
  function reset(address?: AddressJson) {
    setValues(valuesOf(address));
    setErrors({});
    setBanner('');
  }

  return { values, errors, banner, setBanner, setErrors, change, reset, valuesRef, errorsRef };
}

export type AddressForm = ReturnType<typeof useAddressForm>;
