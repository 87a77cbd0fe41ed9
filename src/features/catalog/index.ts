/**
 * The catalog feature's server surface: what pages, scripts, the server and other features use of its server code.
 */

export { productsViewFrom, productsViewTitle } from './admin-rules.ts';
export { registerProductSearch } from './admin-search.ts';
export { updateAdminProduct } from './server/admin-product-update.ts';
export {
  type AdminProductQuery,
  countUndeclaredOnSale,
  declarationNotices,
  findAdminProducts,
  getAdminProduct,
  listAdminProducts,
  listCategoryTree,
  MISSING_DECLARATIONS_PATH,
} from './server/admin-products.ts';
export { onSale, summaryColumns, toSummary } from './server/catalog.ts';
export { productJson, searchResultJson } from './server/catalog-json.ts';
export { loadHome } from './server/home-page.ts';
export { csvPieces, IMPORT_BATCH_ROWS, type ImportResult, importCatalogCsv } from './server/import.ts';
export { readRows } from './server/import-csv.ts';
export {
  applyOutcome,
  type CategoriesData,
  type CategoryProductsData,
  loadCategories,
  loadCategoryPage,
  loadCategoryProducts,
  loadShop,
  loadSubcategoryBrowser,
  loadSubcategoryGrid,
} from './server/listing-pages.ts';
export { listCategories, listListedCategories } from './server/navigation.ts';
export { listingTags, productPageTags } from './server/page-tags.ts';
export { EXPORT_COLUMNS, exportProductsCsv } from './server/product-export.ts';
export { loadProductPage } from './server/product-page.ts';
export {
  type CatalogSnapshot,
  catalogSnapshot,
  dropCatalogSnapshot,
  markCatalogChanged,
  refreshCatalogSnapshot,
  type SnapshotProduct,
} from './server/snapshot.ts';
export { readTwemoji } from './server/twemoji.ts';
export { listWishlistPage, type WishlistEntry } from './server/wishlist.ts';
