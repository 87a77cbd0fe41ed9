/**
 * An image field of the back office's category, subcategory and banner forms: a preview of the
 * image, a real file input to upload one (JPEG, PNG or WebP through the media feature's
 * `uploadImage`; it becomes "Replace image" once there is one), Remove, and, folded away, the
 * stored value itself for a media path such as `emoji/1f345.svg` or an https address. The upload's
 * progress is announced; a refused upload's message is an alert. The server checks the value
 * again (taxonomy-rules.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { PHOTO_TYPES } from '#features/media/rules.ts';
import { uploadImage } from '#features/media/store.ts';
import { imageUrl, responsiveImageProps, showPlaceholder } from '#lib/images.ts';
import { adminFailure } from '#lib/ui/admin-errors.ts';
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
  const [progress, setProgress] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [refused, setRefused] = useState('');
  const message = refused || error;
  /** The value the last upload set, while the field still holds it. */
  const uploadedValue = useRef<string | null>(null);
  // A value changed other than by an upload (the form reset after a save, Remove, a typed path):
  // the last upload's "uploaded" or refusal no longer applies.
  useEffect(() => {
    if (value === uploadedValue.current) return;
    uploadedValue.current = null;
    setAnnouncement('');
    setRefused('');
  }, [value]);

  async function upload(file: File | undefined) {
    if (!file) return;
    setRefused('');
    setProgress(0);
    setAnnouncement(`Uploading ${file.name}…`);
    try {
      const uploaded = await uploadImage(file, { onProgress: setProgress });
      uploadedValue.current = uploaded.image;
      onChange(uploaded.image);
      setAnnouncement(`${file.name} uploaded.`);
    } catch (err) {
      setRefused(adminFailure(err));
      setAnnouncement('');
    } finally {
      setProgress(null);
    }
  }

  const preview = value ? imageUrl(value) : '';
  return (
    <div className="flex min-w-0 flex-col gap-2 text-sm font-medium text-slate-800">
      <span id={`${id}-label`}>{label}</span>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        {value ? (
          <img
            src={preview}
            {...responsiveImageProps(preview, '56px')}
            alt={`${label}: preview`}
            onError={showPlaceholder}
            className="h-14 w-14 shrink-0 rounded-md border border-slate-200 bg-slate-50 object-contain"
          />
        ) : (
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-700">
            None
          </span>
        )}
        <label className={`${buttonSecondary} cursor-pointer focus-within:ring-2 focus-within:ring-brand-700`}>
          {value ? 'Replace image' : 'Upload image'}
          <span className="sr-only"> ({label.toLowerCase()}: JPEG, PNG or WebP)</span>
          <input
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="sr-only"
            disabled={progress !== null}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {value && (
          <button type="button" className={buttonSecondary} onClick={() => onChange('')}>
            Remove<span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        )}
        {progress !== null && (
          <progress className="h-2 w-24" max={1} value={progress} aria-label={`Uploading ${label.toLowerCase()}`} />
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {message && (
        <span id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </span>
      )}
      <details className="text-sm font-normal">
        <summary className="cursor-pointer text-brand-700">Or give a media path or https:// address</summary>
        <label className="mt-1 block text-slate-800">
          {label} path or address
          <input
            className={adminInput}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={message ? true : undefined}
          />
        </label>
      </details>
    </div>
  );
}
