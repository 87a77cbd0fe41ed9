/**
 * How a back-office island reads a failed call: the server's message for people, and a 401 (the
 * staff session ended or idled out) sends the browser to the staff sign-in, back here afterwards.
 * Browser-safe.
 */
import { ApiError } from '../http/api-client.ts';

/** The message to show for `err`; on a 401 the browser goes to /admin/login first. */
export function adminFailure(err: unknown): string {
  if (err instanceof ApiError && err.status === 401 && typeof window !== 'undefined') {
    const next = window.location.pathname + window.location.search;
    window.location.assign(`/admin/login?next=${encodeURIComponent(next)}`);
    return 'Your session has ended. Please sign in again.';
  }
  return err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';
}

/** The field messages of a 400/422 (`errors`), or none. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? (err.errors ?? {}) : {};
}

/** Rupees typed by a person ("45", "45.5", "1,200.00") to paise, or null when it is not an amount. */
export function typedRupeesToPaise(text: string): number | null {
  const t = text.replace(/[,\s₹]/g, '');
  if (!/^\d{1,7}(?:\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise as a rupee amount for an input, e.g. 4550 → "45.50". */
export const paiseInput = (paise: number) => (paise / 100).toFixed(2);
