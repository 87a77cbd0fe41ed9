/**
 * The back office's photo manager, for any form that keeps a list of images (a product's photos,
 * cover first): pick several files or drop them on it, watch each upload's progress (or its
 * message when the server refuses it), see the photos as thumbnails, move one earlier or later,
 * make one the cover, remove one. Its value is the list of stored image values (`string[]`); a
 * value the shop had before (an emoji path, an URL) shows and moves like an uploaded photo.
 *
 * Everything works from the keyboard: the file input is a real one behind its "Add photos" label,
 * and each photo has buttons named after it ("Move photo 2 earlier"); focus stays on the moved
 * photo's button. Uploads and moves are announced in a polite live region; a refused upload's
 * message is an alert.
 */
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { isAbortError } from '#lib/http/api-client.ts';
import { imageUrl, responsiveImageProps, showPlaceholder } from '#lib/images.ts';
import { buttonSecondary } from '#lib/ui/controls.tsx';
import { MEDIA_MESSAGES, PHOTO_TYPES } from '../rules.ts';
import { uploadImage } from '../store.ts';

interface Props {
  /** The stored image values, cover first. */
  value: string[];
  onChange: (next: string[]) => void;
  /** Most photos the list may hold. */
  max?: number;
  /** The media host that relative values are served from (`/media` on this server). */
  mediaBase?: string;
  /** The server's message about the list, shown under it. */
  error?: string;
}

/** One file being uploaded (or refused): its name, the fraction sent, and the message when it failed. */
interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
}

const smallButton =
  'inline-flex min-h-9 min-w-9 items-center justify-center rounded-md border border-slate-300 bg-white px-2 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

let nextKey = 1;

export default function PhotoManager({ value, onChange, max = 10, mediaBase = '/media', error }: Props) {
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  // The latest list: uploads finish after later renders, and each adds to the list as it is then.
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    if (focusAfterMove) document.getElementById(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const inFlight = uploads.filter((u) => !u.error).length;
  const room = max - value.length - inFlight;

  function patchUpload(key: number, patch: Partial<Upload> | null) {
    setUploads((list) =>
      patch ? list.map((u) => (u.key === key ? { ...u, ...patch } : u)) : list.filter((u) => u.key !== key),
    );
  }

  /** Uploads the files one after another, in the order given, each added to the end of the list. */
  async function addFiles(files: File[]) {
    if (!files.length) return;
    const accepted = files.slice(0, Math.max(room, 0));
    if (accepted.length < files.length)
      setAnnouncement(`At most ${max} photos: ${files.length - accepted.length} not added. Remove one to add another.`);
    const queued = accepted.map((file) => ({ key: nextKey++, name: file.name, progress: 0, file }));
    setUploads((list) => [...list, ...queued.map(({ file: _file, ...u }) => u)]);
    for (const { key, name, file } of queued) {
      try {
        const uploaded = await uploadImage(file, { onProgress: (progress) => patchUpload(key, { progress }) });
        onChange([...latest.current, uploaded.image]);
        patchUpload(key, null);
        setAnnouncement(`Uploaded ${name}.`);
      } catch (err) {
        const message = isAbortError(err)
          ? 'The upload was cancelled.'
          : err instanceof Error && err.message
            ? err.message
            : MEDIA_MESSAGES.failed;
        patchUpload(key, { error: message });
      }
    }
  }

  function move(from: number, to: number, action: 'earlier' | 'later' | 'cover') {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
    setAnnouncement(
      to === 0
        ? `Photo ${from + 1} is now the cover.`
        : `Photo ${from + 1} moved to position ${to + 1} of ${next.length}.`,
    );
    // Keep focus on the moved photo: on the same button where it still exists, else on its other move button.
    const target =
      action === 'cover' || to === 0 ? 'later' : action === 'later' && to === next.length - 1 ? 'earlier' : action;
    setFocusAfterMove(`${id}-${target}-${to}`);
  }

  function remove(index: number) {
    onChange(value.filter((_, i) => i !== index));
    setAnnouncement(`Photo ${index + 1} removed.`);
    const left = value.length - 1;
    setFocusAfterMove(left ? `${id}-remove-${Math.min(index, left - 1)}` : `${id}-input`);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  }

  return (
    <fieldset className="rounded-lg border border-slate-300 p-3" aria-describedby={`${id}-hint`}>
      <legend className="px-1 text-sm font-medium text-slate-800">Photos</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        JPEG, PNG or WebP, up to 10 MB each, at most {max}. The first photo is the cover.
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; the file input does the same from the keyboard. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-2 flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm sm:flex-row sm:justify-center ${
          dragging ? 'border-brand-700 bg-brand-50' : 'border-slate-300'
        }`}
      >
        <label className={`${buttonSecondary} cursor-pointer focus-within:ring-2 focus-within:ring-brand-700`}>
          Add photos
          <input
            id={`${id}-input`}
            type="file"
            multiple
            accept={PHOTO_TYPES.join(',')}
            disabled={room <= 0}
            className="sr-only"
            onChange={(event) => {
              void addFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </label>
        <span className="text-slate-700">or drop them here</span>
      </div>

      {value.length > 0 && (
        <ol className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Photos, cover first">
          {value.map((image, i) => {
            const url = imageUrl(image, mediaBase);
            const label = `photo ${i + 1}`;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may be listed twice; the position names it.
                key={`${image}-${i}`}
                className="flex gap-3 rounded-lg border border-slate-200 bg-white p-2"
              >
                <img
                  src={url}
                  {...responsiveImageProps(url, '96px')}
                  alt={i === 0 ? `Cover photo (${label})` : `Photo ${i + 1}`}
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                  onError={showPlaceholder}
                  className="h-24 w-24 shrink-0 rounded-md bg-brand-50 object-contain"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <p className="text-sm font-semibold text-slate-900">
                    {i === 0 ? 'Cover' : `Photo ${i + 1}`}
                    <span className="sr-only"> of {value.length}</span>
                  </p>
                  <div className="flex flex-wrap gap-1">
                    <button
                      type="button"
                      id={`${id}-earlier-${i}`}
                      className={smallButton}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1, 'earlier')}
                      aria-label={`Move ${label} earlier`}
                    >
                      ↑ Earlier
                    </button>
                    <button
                      type="button"
                      id={`${id}-later-${i}`}
                      className={smallButton}
                      disabled={i === value.length - 1}
                      onClick={() => move(i, i + 1, 'later')}
                      aria-label={`Move ${label} later`}
                    >
                      ↓ Later
                    </button>
                    {i > 0 && (
                      <button
                        type="button"
                        id={`${id}-cover-${i}`}
                        className={smallButton}
                        onClick={() => move(i, 0, 'cover')}
                        aria-label={`Make cover: ${label}`}
                      >
                        Make cover
                      </button>
                    )}
                    <button
                      type="button"
                      id={`${id}-remove-${i}`}
                      className={`${smallButton} text-red-800`}
                      onClick={() => remove(i)}
                      aria-label={`Remove ${label}`}
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {uploads.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-md border border-slate-200 p-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 break-all font-medium text-slate-900">{u.name}</span>
                {u.error && (
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => patchUpload(u.key, null)}
                    aria-label={`Dismiss the message about ${u.name}`}
                  >
                    Dismiss
                  </button>
                )}
              </div>
              {u.error ? (
                <p role="alert" className="mt-1 text-red-700">
                  {u.error}
                </p>
              ) : (
                <progress
                  className="mt-1 h-2 w-full accent-brand-700"
                  max={1}
                  value={u.progress}
                  aria-label={`Uploading ${u.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
