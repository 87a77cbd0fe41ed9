/**
 * The search feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { searchPageEndpoint, searchProductsEndpoint } from './routes.ts';
export { getSearchCatalog, SEARCH_INDEX_TAG } from './server/index-cache.ts';
export { loadSearchPage } from './server/page-data.ts';
export {
  BIGBASKET_CASES,
  DEMO_CASES,
  type IndexUpdateReport,
  measureIndexUpdates,
  measureRelevance,
  type RelevanceReport,
} from './server/relevance.ts';
export { searchProducts } from './server.ts';
