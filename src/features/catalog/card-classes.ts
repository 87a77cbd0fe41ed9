/**
 * Classes of a product card's cart control (the "Add" button and the − qty + stepper), used by the
 * product card (product-card.ts). Browser-safe: strings only.
 */

const BUTTON = 'inline-flex h-9 w-full items-center justify-center gap-1.5 rounded-lg text-sm font-semibold transition';
/** The "Add" button of a product in stock. */
export const CARD_ADD_BUTTON = `${BUTTON} border border-brand-700 bg-white text-brand-700 hover:bg-brand-700 hover:text-white disabled:cursor-wait disabled:opacity-70`;
/** The disabled "Out of Stock" button in its place. */
export const CARD_SOLD_OUT_BUTTON = `${BUTTON} cursor-not-allowed bg-slate-100 text-slate-600`;
/** The wishlist page's "Remove" button under them. */
export const CARD_REMOVE_BUTTON = `${BUTTON} mt-1.5 text-slate-700 underline-offset-2 hover:text-sale-600 hover:underline aria-disabled:cursor-wait aria-disabled:opacity-70`;
/** The stepper's box. */
export const CARD_STEPPER =
  'flex h-9 w-full items-center justify-between overflow-hidden rounded-lg bg-brand-700 text-white';
/** The stepper's − and + buttons. */
export const CARD_STEP_BUTTON =
  'flex h-9 w-9 items-center justify-center text-lg font-semibold hover:bg-brand-800 focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-50';
/** The quantity between them. */
export const CARD_QTY = 'text-sm font-semibold tabular-nums';
