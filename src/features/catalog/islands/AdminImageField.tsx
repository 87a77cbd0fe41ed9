/**
 * An image field of the back office's category, subcategory and banner forms: the stored value
 * (an uploaded image's value, a media path such as `emoji/1f345.svg`, a path on this site or an
 * https address) with a preview, and Remove. The server checks the value again (taxonomy-rules.ts).
 */
import { useId } from 'react';
import { imageUrl, showPlaceholder } from '#lib/images.ts';
import { buttonSecondary } from '#lib/ui/controls.tsx';

export const adminInput =
  'mt-1 block h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus:border-brand-700';

/** The field: `value` the stored image value ('' for none), `error` the server's message for it. */
export default function AdminImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2 text-sm font-medium text-slate-800">
      <label htmlFor={`${id}-value`}>
        {label}
        <span className="block text-xs font-normal text-slate-700">A media path or an https:// address</span>
      </label>
      <div className="flex items-center gap-3">
        {value ? (
          <img
            src={imageUrl(value)}
            alt=""
            onError={showPlaceholder}
            className="h-14 w-14 shrink-0 rounded-md border border-slate-200 bg-slate-50 object-contain"
          />
        ) : (
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-700">
            None
          </span>
        )}
        <input
          id={`${id}-value`}
          className={adminInput}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {value && (
          <button type="button" className={`${buttonSecondary} shrink-0`} onClick={() => onChange('')}>
            Remove<span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      {error && (
        <span id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
