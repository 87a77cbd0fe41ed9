/**
 * Search rules shared by the server, the route contract and the search box
 * (docs/storefront-rules.md#search): limits and texts. Browser-safe: no imports.
 */

/** Results per search by default, and the most a caller may ask for. */
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** Results per page of the search results page (/search). */
export const SEARCH_PAGE_SIZE = 20;
/** Longest search text considered, in characters (longer input is cut). */
export const SEARCH_MAX_LENGTH = 100;

/** Texts of the search API and dropdown. */
export const SEARCH_MESSAGES = {
  empty: 'Please enter a product name to search.',
  badLimit: `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`,
  failed: 'Failed to fetch products. Please try again.',
  noId: 'Unable to navigate: Product ID not found.',
} as const;

/**
 * What the results page says when nothing matched a term the shop's synonyms know: "We don't
 * stock okra (bhindi) yet.", or "We don't stock okra yet." when that is what was typed.
 */
export function unstockedMessage(name: string, typed: string): string {
  const asTyped = typed.trim().replace(/\s+/g, ' ');
  return asTyped.toLowerCase() === name ? `We don't stock ${name} yet.` : `We don't stock ${name} (${asTyped}) yet.`;
}

/** `text` trimmed, with inner whitespace collapsed to one space. */
const collapsed = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * The search text as it is searched and shown: trimmed, inner whitespace collapsed, cut at
 * SEARCH_MAX_LENGTH characters; the case is kept (for echoing it on the results page).
 */
export function cutSearchText(text: string): string {
  return collapsed(text).slice(0, SEARCH_MAX_LENGTH).trim();
}

/** Whether `cutSearchText` leaves out part of `text`. */
export function searchTextIsCut(text: string): boolean {
  return collapsed(text).length > SEARCH_MAX_LENGTH;
}

/**
 * The search text as the pages echo it: cut as `cutSearchText` does, ending with "…" when part
 * was left out. @example echoSearchText('x'.repeat(300)) // 100 x's and '…'
 */
export function echoSearchText(text: string): string {
  return `${cutSearchText(text)}${searchTextIsCut(text) ? '…' : ''}`;
}

/** The search text cut as `cutSearchText` does, in lower case. */
export function normalizeSearchText(text: string): string {
  return cutSearchText(text).toLowerCase();
}

/**
 * Link to the search results page for `text`.
 * @example searchPageHref('aloo bhujia') // '/search?q=aloo+bhujia'
 */
export function searchPageHref(text: string): string {
  return `/search?${new URLSearchParams({ q: text.trim() })}`;
}
