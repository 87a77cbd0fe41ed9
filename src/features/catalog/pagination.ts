/**
 * Page links of the listing pagination control (1 margin page, 2 range pages),
 * computed with react-paginate's algorithm so the control looks like the original shop's:
 * the margin pages at both ends, a window around the current page, and "…" for each gap, where a
 * gap hiding a single page shows that page instead.
 */

/** One entry of the control: a page number (1-based) or a gap. */
export type PaginationItem = { type: 'page'; page: number } | { type: 'break'; page: number };

/** Pages at each end of the control. */
export const MARGIN_PAGES = 1;
/** Pages in the window around the current page. */
export const RANGE_PAGES = 2;

/**
 * The entries to show for `current` (1-based) of `pageCount` pages.
 * @example paginationItems(5, 10).map((i) => i.type === 'page' ? i.page : '…') // [1, '…', 4, 5, 6, '…', 10]
 * @example paginationItems(1, 3).map((i) => i.type === 'page' ? i.page : '…') // [1, 2, 3]
 */
export function paginationItems(
  current: number,
  pageCount: number,
  range = RANGE_PAGES,
  margin = MARGIN_PAGES,
): PaginationItem[] {
  if (pageCount <= range) return Array.from({ length: pageCount }, (_, i) => ({ type: 'page', page: i + 1 }));
  const selected = Math.min(Math.max(current, 1), pageCount) - 1;
  let leftSide = range / 2;
  let rightSide = range - leftSide;
  if (selected > pageCount - range / 2) {
    rightSide = pageCount - selected;
    leftSide = range - rightSide;
  } else if (selected < range / 2) {
    leftSide = selected;
    rightSide = range - leftSide;
  }
  const entries: { type: 'page' | 'break'; index: number }[] = [];
  for (let index = 0; index < pageCount; index++) {
    const page = index + 1;
    const adjustedRight = selected === 0 && range > 1 ? rightSide - 1 : rightSide;
    if (
      page <= margin ||
      page > pageCount - margin ||
      (index >= selected - leftSide && index <= selected + adjustedRight)
    ) {
      entries.push({ type: 'page', index });
    } else if (entries.length > 0 && entries[entries.length - 1].type !== 'break' && (range > 0 || margin > 0)) {
      entries.push({ type: 'break', index });
    }
  }
  return entries.map((e, i) => {
    const before = entries[i - 1];
    const after = entries[i + 1];
    // A gap standing for exactly one page shows that page instead.
    if (e.type === 'break' && before?.type === 'page' && after?.type === 'page' && after.index - before.index <= 2) {
      return { type: 'page', page: e.index + 1 };
    }
    return { type: e.type, page: e.index + 1 } as PaginationItem;
  });
}

/** URL state of a product listing: a link or a reload shows the same page. */
export interface ListingState {
  /** Subcategory id; 0 means All. */
  subcategory?: number;
  sort?: 'asc' | 'desc';
  /** 1-based page. */
  page?: number;
  /** Other query parameters the page keeps on every link, first (e.g. the search page's q, category, brand). */
  params?: Record<string, string>;
}

/**
 * Link to a listing state; defaults (All, no sort, page 1) are left out so each page has one URL.
 * @example listingHref('/shop', { sort: 'asc', page: 2 }) // '/shop?sort=asc&page=2'
 * @example listingHref('/shop', { page: 1 }) // '/shop'
 * @example listingHref('/search', { params: { q: 'aloo' }, page: 2 }) // '/search?q=aloo&page=2'
 */
export function listingHref(path: string, state: ListingState): string {
  const params = new URLSearchParams(state.params);
  if (state.subcategory) params.set('subcategory', String(state.subcategory));
  if (state.sort) params.set('sort', state.sort);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
