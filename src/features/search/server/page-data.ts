/**
 * Data of the search results page /search, read in the page's frontmatter: the URL's q (cut as
 * the API cuts it, rules.ts `cutSearchText`, so the page echoes the text searched), category,
 * brand, sort and page (a bad filter, sort or page value falls back to its default, and a
 * parameter given more than once counts with its first value, as on every page: pages forgive a
 * bad URL, the API answers 400), and one page of results (results-page.ts). No text: the page
 * asks for one. A page number past the results' last page answers 404 (the page links to page 1);
 * a database failure is logged and answers 500.
 */
import { isPastLastPage } from '#features/catalog/rules.ts';
import { getDb } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import { searchPageQuerySchema } from '../contract.ts';
import { cutSearchText, normalizeSearchText } from '../rules.ts';
import { type SearchPage, type SearchPageQuery, searchPage } from './results-page.ts';

/** The page's data: HTTP status, what was asked, and the results (null without text or on failure). */
export interface SearchPageData {
  status: 200 | 404 | 500;
  query: SearchPageQuery;
  result: SearchPage | null;
}

/** The URL's search parameters, leniently: each bad one is dropped. */
export function parseSearchUrl(url: URL): SearchPageQuery {
  const { shape } = searchPageQuerySchema;
  const value = (key: string) => url.searchParams.get(key) ?? undefined;
  const category = shape.category.safeParse(value('category'));
  const brand = shape.brand.safeParse(value('brand'));
  const sort = shape.sort.safeParse(value('sort'));
  const page = shape.page.safeParse(value('page'));
  return {
    q: cutSearchText(url.searchParams.get('q') ?? ''),
    category: category.success ? category.data : undefined,
    brand: brand.success ? brand.data : undefined,
    sort: sort.success ? sort.data : undefined,
    page: page.success ? page.data : 1,
  };
}

/** Loads /search's data for `url` (see the module comment). */
export async function loadSearchPage(url: URL, reqId?: string): Promise<SearchPageData> {
  const query = parseSearchUrl(url);
  if (!normalizeSearchText(query.q)) return { status: 200, query, result: null };
  try {
    const result = await searchPage(await getDb(), query);
    return { status: isPastLastPage(result) ? 404 : 200, query, result };
  } catch (err) {
    logger.error({ err, reqId }, 'search page failed');
    return { status: 500, query, result: null };
  }
}
