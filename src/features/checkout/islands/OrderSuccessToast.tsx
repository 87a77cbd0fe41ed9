/**
 * Order-success toast (spec 000 §2 home page, §9): a message stored in localStorage under
 * ORDER_SUCCESS_KEY is shown once, top centre, for 4 seconds; the key is removed as soon as it
 * is read so a reload never shows it again. The live region is always in the page (empty when
 * there is nothing to say) so screen readers announce the message when it appears.
 */
import { useEffect, useState } from 'react';
import { ORDER_SUCCESS_KEY } from '../storage-keys.ts';

/** How long the order-success toast stays up, in milliseconds (spec 000 §9). */
export const ORDER_SUCCESS_TOAST_MS = 4000;

/** The stored value as display text: a plain string, a JSON string, or JSON `{ message }`; '' when unusable. */
export function parseOrderSuccess(raw: string | null): string {
  if (!raw) return '';
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  if (value && typeof value === 'object' && 'message' in value) value = (value as { message: unknown }).message;
  return typeof value === 'string' ? value.trim().slice(0, 200) : '';
}

function takeStoredMessage(): string {
  try {
    const raw = window.localStorage.getItem(ORDER_SUCCESS_KEY);
    if (raw !== null) window.localStorage.removeItem(ORDER_SUCCESS_KEY);
    return parseOrderSuccess(raw);
  } catch (err) {
    // Storage can be blocked (privacy mode, disabled cookies); the toast is then simply skipped.
    console.warn('Order-success message unavailable:', err);
    return '';
  }
}

export default function OrderSuccessToast() {
  const [message, setMessage] = useState('');

  useEffect(() => {
    const text = takeStoredMessage();
    if (!text) return;
    setMessage(text);
    const timer = window.setTimeout(() => setMessage(''), ORDER_SUCCESS_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-[90] flex justify-center px-4">
      {message && (
        <p className="pointer-events-auto flex max-w-md items-center gap-2 rounded-xl bg-brand-700 px-4 py-3 text-sm font-medium text-white shadow-lg ring-1 ring-black/5">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0" fill="currentColor">
            <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z" clipRule="evenodd" />
          </svg>
          {message}
        </p>
      )}
    </div>
  );
}
