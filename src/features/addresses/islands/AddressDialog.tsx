/**
 * Add Address / Edit Address dialog (spec 001 §2 "Address dialog", §4, §5, §8), used by the
 * checkout and by My Account.
 *
 * Props: `open`, `mode` ('add' | 'edit'), `address` (the one to edit), `tileUrl` (map tile
 * template from the server's MAP_TILE_URL), `onClose`, `onSaved(address)`.
 * - Blocks: Personal Details (name, mobile with the country code defaulting to India +91),
 *   Address Details (building number, street, optional landmark, city, postal code keeping
 *   digits only, 6 of them), Location (Use My Current Location, the Leaflet map, read-only
 *   latitude and longitude).
 * - Each field is checked when it changes and everything again on save, with the spec's
 *   messages; errors left on save raise the banner "Please fix the errors in the form before
 *   submitting.". Save reads Save Address / Update Address and is disabled while saving.
 * - Add: POST /api/customer/add-address, then the success dialog "Address added successfully!"
 *   whose OK calls `onSaved` and closes (the form starts empty next time). Edit: POST
 *   /api/customer/edit-address with the real longitude (the spec's latitude-as-longitude is a
 *   defect), then `onSaved` and close: the parent shows its own success message.
 * - No session: "You need to be logged in to save addresses" and /login after 2 s. A 401:
 *   "Your session has expired. Please log in again." with a Login link and /login after 2 s.
 *   Other failures: the server's message or "Failed to save address. Please try again.".
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import PhoneInput from 'react-phone-number-input';
import 'react-phone-number-input/style.css';
import { addressSchema, ADDRESS_MESSAGES, cleanPostalCode } from '../rules.ts';
import { phone } from '../../auth/rules.ts';
import { apiSend, ApiError } from '../../../lib/http/api-client.ts';
import ModalDialog from '../../../lib/ui/ModalDialog.tsx';
import { hasSessionHint, loginUrl, LOGIN_REDIRECT_MS, type AddressJson } from '../../checkout/islands/checkout-shared.ts';

const AddressMap = lazy(() => import('./AddressMap.tsx'));

/** Geolocation messages (spec 001 §8), verbatim. */
export const GEO_MESSAGES = {
  unsupported: 'Geolocation is not supported by your browser.',
  denied: 'Location access denied. Please enable location permissions in your browser settings.',
  unavailable: 'Location information is unavailable. Please try again.',
  timeout: 'Location request timed out. Please try again.',
  unknown: 'An unknown error occurred while fetching location.',
} as const;

/** Browser geolocation options (spec 001 §7). */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

const SAVE_FAILED = 'Failed to save address. Please try again.';
const NO_SESSION = 'You need to be logged in to save addresses';
const EXPIRED = 'Your session has expired. Please log in again.';

type Field = 'name' | 'mobile' | 'building_num' | 'street' | 'landmark' | 'city' | 'po_box' | 'location';

interface FormValues {
  name: string;
  mobile: string;
  building_num: string;
  street: string;
  landmark: string;
  city: string;
  po_box: string;
  latitude: number | null;
  longitude: number | null;
}

const EMPTY: FormValues = { name: '', mobile: '', building_num: '', street: '', landmark: '', city: '', po_box: '', latitude: null, longitude: null };

function valuesOf(address?: AddressJson): FormValues {
  if (!address) return EMPTY;
  return {
    name: address.name === 'Not provided' ? '' : address.name,
    mobile: phone.forInput(address.mobile),
    building_num: address.building_num ?? '',
    street: address.street ?? '',
    landmark: address.landmark ?? '',
    city: address.city ?? '',
    po_box: cleanPostalCode(address.po_box ?? ''),
    latitude: address.latitude,
    longitude: address.longitude,
  };
}

function payload(v: FormValues) {
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

/** Field → message for every rule the values break (spec 001 §5). */
function validate(v: FormValues): Partial<Record<Field, string>> {
  const parsed = addressSchema.safeParse(payload(v));
  const errors: Partial<Record<Field, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    const field = (key === 'latitude' || key === 'longitude' ? 'location' : key) as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** An emoji flag for a country code (no flag images fetched from elsewhere). */
function Flag({ country, countryName }: { country: string; countryName: string }) {
  const emoji = country.length === 2 ? String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0))) : '🌐';
  return (
    <span role="img" aria-label={countryName} className="text-lg leading-none">
      {emoji}
    </span>
  );
}

interface Props {
  open: boolean;
  mode: 'add' | 'edit';
  /** The address to edit (mode 'edit'). */
  address?: AddressJson;
  /** Map tile URL template (MAP_TILE_URL), passed from the page. */
  tileUrl: string;
  onClose: () => void;
  /** Called with the saved address: after OK on the success dialog (add), or at once (edit). */
  onSaved: (address: AddressJson) => void;
}

/** The address form dialog and its success dialog. */
export default function AddressDialog({ open, mode, address, tileUrl, onClose, onSaved }: Props) {
  const uid = useId();
  const [values, setValues] = useState<FormValues>(() => valuesOf(address));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [banner, setBanner] = useState('');
  const [failure, setFailure] = useState<{ text: string; login?: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState('');
  const [saved, setSaved] = useState<AddressJson | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!open) return;
    setValues(valuesOf(mode === 'edit' ? address : undefined));
    setErrors({});
    setBanner('');
    setFailure(null);
    setGeoError('');
    setSaved(null);
    setSaving(false);
    // Reset only when the dialog opens, not when the parent re-renders with a new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mode, address?.id]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const valuesRef = useRef(values);
  valuesRef.current = values;
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  /** Updates fields and re-checks the ones that changed (spec 001 §5: on each change). */
  function change(patch: Partial<FormValues>, fields: Field[]) {
    const next = { ...valuesRef.current, ...patch };
    valuesRef.current = next;
    setValues(next);
    const all = validate(next);
    const out = { ...errorsRef.current };
    for (const f of fields) {
      if (all[f]) out[f] = all[f];
      else delete out[f];
    }
    errorsRef.current = out;
    setErrors(out);
    if (Object.keys(out).length === 0) setBanner('');
  }

  const text = (field: Exclude<Field, 'location' | 'mobile' | 'po_box'>) => (e: ChangeEvent<HTMLInputElement>) =>
    change({ [field]: e.target.value } as Partial<FormValues>, [field]);

  function pick(lat: number, lng: number) {
    change({ latitude: round6(lat), longitude: round6(lng) }, ['location']);
  }

  function useMyLocation() {
    setGeoError('');
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setGeoError(GEO_MESSAGES.unsupported);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        pick(pos.coords.latitude, pos.coords.longitude);
      },
      (err) => {
        setLocating(false);
        setGeoError(
          err.code === err.PERMISSION_DENIED
            ? GEO_MESSAGES.denied
            : err.code === err.POSITION_UNAVAILABLE
              ? GEO_MESSAGES.unavailable
              : err.code === err.TIMEOUT
                ? GEO_MESSAGES.timeout
                : GEO_MESSAGES.unknown,
        );
      },
      GEO_OPTIONS,
    );
  }

  function sendToLogin() {
    window.clearTimeout(redirectTimer.current);
    redirectTimer.current = window.setTimeout(() => window.location.assign(loginUrl()), LOGIN_REDIRECT_MS);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    setFailure(null);
    const all = validate(values);
    setErrors(all);
    if (Object.keys(all).length > 0) {
      setBanner(ADDRESS_MESSAGES.fixErrors);
      // Take the customer to the first field to fix once the errors have rendered.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([readonly])')?.focus());
      return;
    }
    setBanner('');
    if (!hasSessionHint()) {
      setFailure({ text: NO_SESSION });
      sendToLogin();
      return;
    }
    setSaving(true);
    try {
      if (mode === 'edit' && address) {
        const data = await apiSend<{ address: AddressJson }>('/api/customer/edit-address', {
          body: { address_id: address.id, ...payload(values) },
          fallbackMessage: SAVE_FAILED,
        });
        setSaving(false);
        onSaved(data.address);
        onClose();
      } else {
        const data = await apiSend<{ address: AddressJson }>('/api/customer/add-address', { body: { type: 'home', ...payload(values) }, fallbackMessage: SAVE_FAILED });
        setSaving(false);
        setValues(EMPTY);
        setErrors({});
        setSaved(data.address);
      }
    } catch (err) {
      setSaving(false);
      if (err instanceof ApiError && err.status === 401) {
        setFailure({ text: EXPIRED, login: true });
        sendToLogin();
        return;
      }
      if (err instanceof ApiError && err.errors) {
        setErrors((old) => ({ ...old, ...(err.errors as Partial<Record<Field, string>>) }));
      }
      console.error('Saving the address failed', err);
      setFailure({ text: err instanceof ApiError && err.message ? err.message : SAVE_FAILED });
    }
  }

  function finish() {
    const address = saved;
    setSaved(null);
    if (address) onSaved(address);
    onClose();
  }

  const id = (f: string) => `${uid}-${f}`;
  const title = mode === 'edit' ? 'Edit Address' : 'Add Address';
  const position = values.latitude !== null && values.longitude !== null ? { lat: values.latitude, lng: values.longitude } : null;

  const input = 'mt-1 block h-11 w-full rounded-lg border border-slate-400 px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-sale-600';
  const labelCls = 'block text-sm font-medium text-slate-800';

  const fieldError = (f: Field) =>
    errors[f] ? (
      <p id={id(`${f}-error`)} className="mt-1 text-sm text-sale-600">
        {errors[f]}
      </p>
    ) : null;
  const a11y = (f: Field) => ({ 'aria-invalid': errors[f] ? true : undefined, 'aria-describedby': errors[f] ? id(`${f}-error`) : undefined });

  const textField = (f: 'name' | 'building_num' | 'street' | 'landmark' | 'city', label: string, opts: { autoComplete?: string; optional?: boolean } = {}): ReactNode => (
    <div>
      <label htmlFor={id(f)} className={labelCls}>
        {label}
        {opts.optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      <input id={id(f)} name={f} type="text" value={values[f]} onChange={text(f)} autoComplete={opts.autoComplete} required={!opts.optional} className={input} {...a11y(f as Field)} />
      {fieldError(f as Field)}
    </div>
  );

  return (
    <>
      <ModalDialog open={open && !saved} title={title} onClose={onClose} width="sm:max-w-2xl" closeOnBackdrop={false}>
        <form ref={formRef} noValidate onSubmit={save} className="space-y-5">
          {banner && (
            <p role="alert" className="rounded-lg bg-sale-600/5 px-3 py-2 text-sm font-medium text-sale-600">
              {banner}
            </p>
          )}
          <fieldset className="space-y-3">
            <legend className="mb-2 text-base font-semibold text-slate-900">Personal Details</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {textField('name', 'Full Name', { autoComplete: 'name' })}
              <div>
                <label htmlFor={id('mobile')} className={labelCls}>
                  Mobile Number
                </label>
                <PhoneInput
                  id={id('mobile')}
                  name="mobile"
                  defaultCountry="IN"
                  international
                  countryCallingCodeEditable={false}
                  flagComponent={Flag}
                  value={values.mobile || undefined}
                  onChange={(v) => change({ mobile: v ?? '' }, ['mobile'])}
                  autoComplete="tel"
                  className="ff-phone mt-1 flex h-11 items-center gap-2 rounded-lg border border-slate-400 px-3 focus-within:border-brand-600"
                  numberInputProps={{ className: 'h-full min-w-0 flex-1 border-0 bg-transparent text-base text-slate-900 outline-none', ...a11y('mobile') }}
                />
                {fieldError('mobile')}
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
                <label htmlFor={id('po_box')} className={labelCls}>
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
                  className={input}
                  {...a11y('po_box')}
                />
                {fieldError('po_box')}
              </div>
            </div>
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="mb-2 text-base font-semibold text-slate-900">Location</legend>
            <button
              type="button"
              onClick={useMyLocation}
              disabled={locating}
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            >
              <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
                <circle cx="12" cy="12" r="3.5" />
                <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
                <circle cx="12" cy="12" r="7.5" />
              </svg>
              {locating ? 'Locating...' : 'Use My Current Location'}
            </button>
            {geoError && (
              <p role="alert" className="text-sm text-sale-600">
                {geoError}
              </p>
            )}
            {open && !saved && (
              <Suspense fallback={<div className="h-64 w-full animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />}>
                <AddressMap tileUrl={tileUrl} position={position} onPick={pick} />
              </Suspense>
            )}
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor={id('lat')} className={labelCls}>
                  Latitude
                </label>
                <input id={id('lat')} type="text" readOnly value={values.latitude ?? ''} className={`${input} bg-slate-50`} {...a11y('location')} />
              </div>
              <div>
                <label htmlFor={id('lng')} className={labelCls}>
                  Longitude
                </label>
                <input id={id('lng')} type="text" readOnly value={values.longitude ?? ''} className={`${input} bg-slate-50`} {...a11y('location')} />
              </div>
            </div>
            {fieldError('location')}
          </fieldset>

          {failure && (
            <div role="alert" className="rounded-lg bg-sale-600/5 px-3 py-2 text-sm font-medium text-sale-600">
              <p>{failure.text}</p>
              {failure.login && (
                <a href={loginUrl()} className="mt-2 inline-flex h-9 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
                  Login
                </a>
              )}
            </div>
          )}

          <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
            <button type="button" onClick={onClose} className="h-11 rounded-lg border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              Cancel
            </button>
            <button type="submit" disabled={saving} aria-busy={saving || undefined} className="h-11 rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60">
              {mode === 'edit' ? 'Update Address' : 'Save Address'}
            </button>
          </div>
        </form>
      </ModalDialog>

      <ModalDialog open={open && !!saved} title="Address Saved" role="alertdialog" onClose={finish} hideClose describedBy={id('saved')}>
        <p id={id('saved')} className="text-base text-slate-800">
          {ADDRESS_MESSAGES.added}
        </p>
        <div className="mt-5 flex justify-end">
          <button type="button" autoFocus onClick={finish} className="h-11 rounded-lg bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800">
            OK
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
