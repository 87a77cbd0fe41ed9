import { describe, expect, it } from 'vitest';
import { listingHref, paginationItems } from '#features/catalog/pagination.ts';

const show = (current: number, count: number) =>
  paginationItems(current, count).map((i) => (i.type === 'page' ? i.page : '…'));

describe('paginationItems (1 margin page, 2 range pages, as react-paginate)', () => {
  it('lists every page when there are no more than the range', () => {
    expect(show(1, 1)).toEqual([1]);
    expect(show(2, 2)).toEqual([1, 2]);
  });

  it('shows a window around the current page with gaps to the margins', () => {
    expect(show(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
    expect(show(1, 10)).toEqual([1, 2, '…', 10]);
    expect(show(10, 10)).toEqual([1, '…', 9, 10]);
  });

  it('shows a page instead of a gap that would hide just that page', () => {
    expect(show(4, 10)).toEqual([1, 2, 3, 4, 5, '…', 10]);
    expect(show(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('clamps a current page outside the range', () => {
    expect(show(99, 4)).toEqual(show(4, 4));
  });
});

describe('listingHref', () => {
  it("keeps other parameters first, such as the search page's text and filters", () => {
    expect(listingHref('/search', { params: { q: 'aloo bhujia', brand: 'Haldiram' }, sort: 'desc', page: 3 })).toBe(
      '/search?q=aloo+bhujia&brand=Haldiram&sort=desc&page=3',
    );
    expect(listingHref('/search', { params: { q: 'aloo' }, page: 1 })).toBe('/search?q=aloo');
  });

  it('keeps sort and subcategory and leaves defaults out', () => {
    expect(listingHref('/category/1/subcategories', { subcategory: 3, sort: 'asc', page: 2 })).toBe(
      '/category/1/subcategories?subcategory=3&sort=asc&page=2',
    );
    expect(listingHref('/shop', { subcategory: 0, page: 1 })).toBe('/shop');
  });
});
