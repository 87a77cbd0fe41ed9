/**
 * The order-success toast on the home page (docs/storefront-rules.md#home-page): a message
 * the checkout stored in localStorage under ORDER_SUCCESS_KEY goes through the app-wide toast
 * (src/lib/ui/toast.ts: the layout's polite `role="status"` region, top centre) once, for 4
 * seconds. The key is removed as soon as it is read, so a reload never shows it again. Renders
 * nothing itself.
 */
import { useEffect } from 'react';
import { ORDER_SUCCESS_KEY } from '#lib/ui/storage-keys.ts';
import { showToast } from '#lib/ui/toast.ts';

/**
 * How long the toast stays up, in milliseconds. Kept here, not in the checkout's rules: the home
 * page loads this island on every visit, and importing the rules would load all of them with it.
 */
const ORDER_SUCCESS_TOAST_MS = 4000;

/** The stored value as display text: a plain string, a JSON string, or JSON `{ message }`; '' when unusable. At most 200 characters. */
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

/** Reads and removes the stored message; '' when there is none or storage is blocked. */
export function takeOrderSuccess(): string {
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

function OrderSuccessToast() {
  useEffect(() => {
    const text = takeOrderSuccess();
    if (text) showToast(text, { ms: ORDER_SUCCESS_TOAST_MS });
  }, []);
  return null;
}

export default OrderSuccessToast;
