/**
 * The address dialog's inputs: Personal Details (Full Name,
 * Mobile Number with the country picker, defaulting to DEFAULT_PHONE_COUNTRY) and Address
 * Details (Building Number, Street, optional Landmark, City, Postal Code keeping digits only, 6
 * of them). Each input names its error line with aria-describedby.
 */
import type { ChangeEvent, ReactNode } from 'react';
import PhoneInput from 'react-phone-number-input';
import { cleanPostalCode, DEFAULT_PHONE_COUNTRY } from '../rules.ts';
import type { AddressForm, Field } from './address-form.ts';

export const inputClass =
  'mt-1 block h-11 w-full rounded-lg border border-slate-400 px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-sale-600';
export const labelClass = 'block text-sm font-medium text-slate-800';

/** Ids, error lines and aria attributes of one form's fields. */
export function fieldHelpers(uid: string, errors: AddressForm['errors']) {
  const id = (f: string) => `${uid}-${f}`;
  const error = (f: Field): ReactNode =>
    errors[f] ? (
      <p id={id(`${f}-error`)} className="mt-1 text-sm text-sale-600">
        {errors[f]}
      </p>
    ) : null;
  const a11y = (f: Field) => ({
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? id(`${f}-error`) : undefined,
  });
  return { id, error, a11y };
}
export type FieldHelpers = ReturnType<typeof fieldHelpers>;

/** An emoji flag for a country code (no flag images fetched from elsewhere). */
function Flag({ country, countryName }: { country: string; countryName: string }) {
  const emoji =
    country.length === 2
      ? String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)))
      : '🌐';
  return (
    <span role="img" aria-label={countryName} className="text-lg leading-none">
      {emoji}
    </span>
  );
}

type TextField = 'name' | 'building_num' | 'street' | 'landmark' | 'city';

/** The Personal Details and Address Details blocks. */
export default function AddressFields({ form, helpers }: { form: AddressForm; helpers: FieldHelpers }) {
  const { values, change } = form;
  const { id, error, a11y } = helpers;
  const onText = (field: TextField) => (e: ChangeEvent<HTMLInputElement>) =>
    change({ [field]: e.target.value }, [field]);

  const textField = (f: TextField, label: string, opts: { autoComplete?: string; optional?: boolean } = {}) => (
    <div>
      <label htmlFor={id(f)} className={labelClass}>
        {label}
        {opts.optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      <input
        id={id(f)}
        name={f}
        type="text"
        value={values[f]}
        onChange={onText(f)}
        autoComplete={opts.autoComplete}
        required={!opts.optional}
        className={inputClass}
        {...a11y(f)}
      />
      {error(f)}
    </div>
  );

  return (
    <>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Personal Details</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {textField('name', 'Full Name', { autoComplete: 'name' })}
          <div>
            <label htmlFor={id('mobile')} className={labelClass}>
              Mobile Number
            </label>
            <PhoneInput
              id={id('mobile')}
              name="mobile"
              defaultCountry={DEFAULT_PHONE_COUNTRY}
              international
              countryCallingCodeEditable={false}
              flagComponent={Flag}
              value={values.mobile || undefined}
              onChange={(v) => change({ mobile: v ?? '' }, ['mobile'])}
              autoComplete="tel"
              className="ff-phone mt-1 flex h-11 items-center gap-2 rounded-lg border border-slate-400 px-3 focus-within:border-brand-600"
              numberInputProps={{
                className: 'h-full min-w-0 flex-1 border-0 bg-transparent text-base text-slate-900 outline-none',
                ...a11y('mobile'),
              }}
            />
            {error('mobile')}
          </div>
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Address Details</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {textField('building_num', 'Building Number', { autoComplete: 'address-line1' })}
          {textField('street', 'Street', { autoComplete: 'address-line2' })}
          {textField('landmark', 'Landmark', { optional: true })}
          {textField('city', 'City', { autoComplete: 'address-level2' })}
          <div>
            <label htmlFor={id('po_box')} className={labelClass}>
              Postal Code
            </label>
            <input
              id={id('po_box')}
              name="po_box"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              value={values.po_box}
              onChange={(e) => change({ po_box: cleanPostalCode(e.target.value) }, ['po_box'])}
              required
              className={inputClass}
              {...a11y('po_box')}
            />
            {error('po_box')}
          </div>
        </div>
      </fieldset>
    </>
  );
}
