/**
 * The product form's images: the values stored in `products.images` (first = cover), one per line.
 * The form hands it a `string[]` and takes one back, so a photo manager with the same props
 * (`value`, `onChange`, `error`) takes its place without touching the form.
 */
import { useId, useState } from 'react';

const input =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2 text-base text-slate-900 focus:border-brand-700';

/** Non-empty, trimmed lines of a textarea. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The images field: `value` the stored image values, `onChange` called with the new list, `error` the server's message. */
export default function ProductImagesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (images: string[]) => void;
  error?: string;
}) {
  // The typed text is kept as typed (blank lines while typing); the list sent is its non-empty lines.
  const [text, setText] = useState(() => value.join('\n'));
  const [shown, setShown] = useState(value);
  if (shown !== value && JSON.stringify(lines(text)) !== JSON.stringify(value)) {
    setShown(value);
    setText(value.join('\n'));
  }
  const id = useId();
  return (
    <div>
      <label htmlFor={`${id}-images`} className="text-sm font-medium text-slate-800">
        Images (one URL or path per line; the first is the cover)
      </label>
      <textarea
        id={`${id}-images`}
        className={input}
        rows={4}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const next = lines(e.target.value);
          setShown(next);
          onChange(next);
        }}
        {...(error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {})}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
