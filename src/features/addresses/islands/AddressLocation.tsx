/**
 * The address dialog's Location block (docs/account-rules.md#address-dialog): "Use My Current
 * Location" (browser geolocation with GEO_OPTIONS; failures show GEO_MESSAGES), the Leaflet map
 * (loaded lazily, only while the dialog is open) and the read-only latitude and longitude.
 */
import { lazy, Suspense, useState } from 'react';
import { GEO_MESSAGES, GEO_OPTIONS } from '../rules.ts';
import { type FieldHelpers, inputClass, labelClass } from './AddressFields.tsx';
import { type AddressForm, round6 } from './address-form.ts';

const AddressMap = lazy(() => import('./AddressMap.tsx'));

/** The geolocation error's message. */
function geoMessage(err: GeolocationPositionError): string {
  if (err.code === err.PERMISSION_DENIED) return GEO_MESSAGES.denied;
  if (err.code === err.POSITION_UNAVAILABLE) return GEO_MESSAGES.unavailable;
  if (err.code === err.TIMEOUT) return GEO_MESSAGES.timeout;
  return GEO_MESSAGES.unknown;
}

interface Props {
  form: AddressForm;
  helpers: FieldHelpers;
  /** Map tile URL template (MAP_TILE_URL). */
  tileUrl: string;
  /** Whether to show the map (only while the form is on screen). */
  showMap: boolean;
}

/** The Location fieldset. */
export default function AddressLocation({ form, helpers, tileUrl, showMap }: Props) {
  const { values, change } = form;
  const { id, error, a11y } = helpers;
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState('');

  const pick = (lat: number, lng: number) => change({ latitude: round6(lat), longitude: round6(lng) }, ['location']);

  function locateMe() {
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
        setGeoError(geoMessage(err));
      },
      GEO_OPTIONS,
    );
  }

  const position =
    values.latitude !== null && values.longitude !== null ? { lat: values.latitude, lng: values.longitude } : null;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">Location</legend>
      <button
        type="button"
        onClick={locateMe}
        disabled={locating}
        className="inline-flex h-10 items-center gap-2 rounded-lg border border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
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
      {showMap && (
        <Suspense fallback={<div className="h-64 w-full animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />}>
          <AddressMap tileUrl={tileUrl} position={position} onPick={pick} />
        </Suspense>
      )}
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={id('lat')} className={labelClass}>
            Latitude
          </label>
          <input
            id={id('lat')}
            type="text"
            readOnly
            value={values.latitude ?? ''}
            className={`${inputClass} bg-slate-50`}
            {...a11y('location')}
          />
        </div>
        <div>
          <label htmlFor={id('lng')} className={labelClass}>
            Longitude
          </label>
          <input
            id={id('lng')}
            type="text"
            readOnly
            value={values.longitude ?? ''}
            className={`${inputClass} bg-slate-50`}
            {...a11y('location')}
          />
        </div>
      </div>
      {error('location')}
    </fieldset>
  );
}
