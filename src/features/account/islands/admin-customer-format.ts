/**
 * Shared bits of the back office's customer screens: the text input's classes and the date-time
 * format (India time) of orders and ledger lines.
 */

/** Classes of a text input or select on the customer screens. */
export const adminInput =
  'mt-1 block h-10 w-full rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus:border-brand-700';

/** An ISO time as a medium date and short time in India, e.g. `26 Nov 2026, 5:30 pm`. */
export const adminWhen = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
