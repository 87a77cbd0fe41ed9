/**
 * The catalogue's route handlers, the wishlist's included (contracts in contract.ts; each mounted
 * by its file under src/pages/api/). Public answers carry CATALOG_CACHE; a product detail read with a
 * session shows that customer's hearts and is never cached.
 */

import { CATALOG_CACHE, NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb, getReadDb } from '#lib/db/index.ts';
import { AppError, badRequest, notFound, readBodyBytesCapped } from '#lib/http/envelope.ts';
import { implement, implementFile, implementStream } from '#lib/http/handler.ts';
import { ADMIN_PRODUCT_MESSAGES } from './admin-rules.ts';
import {
  adminProductRoute,
  adminProductsRoute,
  archiveAdminProductRoute,
  categoryProductsRoute,
  createAdminProductRoute,
  deleteAdminProductRoute,
  exportProductsRoute,
  homeRoute,
  importProductsRoute,
  listCategoriesRoute,
  listWishlistRoute,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  productDetailsRoute,
  restoreAdminProductRoute,
  subcategoryProductsRoute,
  toggleWishlistRoute,
  updateAdminProductRoute,
} from './contract.ts';
import { HOME_PRODUCT_LIMIT, type ProductPage, WISHLIST_MESSAGES } from './rules.ts';
import {
  archiveAdminProduct,
  createAdminProduct,
  deleteAdminProduct,
  restoreAdminProduct,
} from './server/admin-product-lifecycle.ts';
import { updateAdminProduct } from './server/admin-product-update.ts';
import { findAdminProducts, getAdminProduct, listCategoryTree } from './server/admin-products.ts';
import {
  getCategory,
  getProduct,
  getSubcategory,
  listProducts,
  listSubcategories,
  relatedProducts,
} from './server/catalog.ts';
import {
  bannerJson,
  categoryJson,
  homeProductJson,
  productDetailJson,
  productJson,
  subcategoryJson,
} from './server/catalog-json.ts';
import { csvPieces, IMPORT_BATCH_ROWS, importCatalogCsv, importSummary } from './server/import.ts';
import { ImportFileError, readRows } from './server/import-csv.ts';
import { listBanners, listListedCategories } from './server/navigation.ts';
import { exportProductsAsStaff } from './server/product-export.ts';
import { markCatalogChanged } from './server/snapshot.ts';
import { listWishlist, toggleWishlist, wishlistedIds } from './server/wishlist.ts';

/** The paging fields beside a page of products. */
const paging = (page: ProductPage) => ({
  total: page.total,
  page: page.page,
  pageSize: page.pageSize,
  totalPages: page.totalPages,
});

export const homeEndpoint = implement(homeRoute, async () => {
  const db = await getDb();
  const [banners, categories, page] = await Promise.all([
    listBanners(db),
    listListedCategories(db),
    listProducts(db, { pageSize: HOME_PRODUCT_LIMIT }),
  ]);
  return {
    data: {
      banners: banners.map(bannerJson),
      categories: categories.map(categoryJson),
      products: page.products.map((p) => homeProductJson(p)),
    },
    headers: CATALOG_CACHE,
  };
});

export const listCategoriesEndpoint = implement(listCategoriesRoute, async () => {
  const categories = await listListedCategories(await getDb());
  return { data: { categories: categories.map(categoryJson) }, headers: CATALOG_CACHE };
});

export const categoryProductsEndpoint = implement(categoryProductsRoute, async ({ params, query }) => {
  const db = await getDb();
  const category = await getCategory(db, params.id);
  if (!category) throw notFound('Category Not Found');
  const subcategories = await listSubcategories(db, category.id);
  if (query.subcategory && !subcategories.some((s) => s.id === query.subcategory))
    throw notFound('Subcategory not found in this category.');
  const page = await listProducts(db, {
    categoryId: category.id,
    subcategoryId: query.subcategory,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    data: {
      category: categoryJson(category),
      subcategories: subcategories.map(subcategoryJson),
      products: page.products.map((p) => productJson(p)),
      ...paging(page),
    },
    headers: CATALOG_CACHE,
  };
});

export const subcategoryProductsEndpoint = implement(subcategoryProductsRoute, async ({ params, query }) => {
  const db = await getDb();
  const subcategory = params.id ? await getSubcategory(db, params.id) : null;
  if (params.id && !subcategory) throw notFound('Subcategory not found.');
  if (query.category && !(await getCategory(db, query.category))) throw notFound('Category Not Found');
  const page = await listProducts(db, {
    categoryId: subcategory ? subcategory.categoryId : query.category,
    subcategoryId: params.id || undefined,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    data: {
      subcategory: subcategory ? subcategoryJson(subcategory) : ({ id: 0, name: 'All', title: 'All' } as const),
      products: page.products.map((p) => productJson(p)),
      ...paging(page),
    },
    headers: CATALOG_CACHE,
  };
});

export const productDetailsEndpoint = implement(productDetailsRoute, async ({ params, customer }) => {
  const db = await getDb();
  const product = await getProduct(db, params.id);
  if (!product) throw notFound('No product details found.');
  const related = await relatedProducts(db, product);
  // A signed-in customer sees their wishlist state; such answers are personal, never cached.
  const wished = customer
    ? await wishlistedIds(db, customer.id, [product.id, ...related.map((p) => p.id)])
    : new Set<number>();
  return {
    data: {
      product: productDetailJson(product, { wishlisted: wished.has(product.id) }),
      related_products: related.map((p) => productJson(p, { wishlisted: wished.has(p.id) })),
    },
    headers: customer ? NO_STORE : CATALOG_CACHE,
  };
});

export const toggleWishlistEndpoint = implement(toggleWishlistRoute, async ({ body, customer }) => {
  const added = (await toggleWishlist(await getDb(), customer.id, body.productId)) === 'added';
  return {
    status: added ? 201 : 200,
    message: added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.removed,
    data: { productId: body.productId, wishlisted: added },
    headers: NO_STORE,
  };
});

export const listWishlistEndpoint = implement(listWishlistRoute, async ({ customer }) => {
  const products = await listWishlist(await getDb(), customer.id);
  return { data: { wishlists: products.map((p) => productJson(p, { wishlisted: true })) }, headers: NO_STORE };
});

/** Back-office product routes (contracts in contract.ts; mounted under src/pages/api/admin/products). */

export const adminProductsEndpoint = implement(adminProductsRoute, async ({ query }) => {
  const result = await findAdminProducts(await getDb(), {
    q: query.q ?? '',
    filter: query.filter,
    stockAtMost: query.stock_at_most,
    page: query.page,
  });
  return { data: result, headers: NO_STORE };
});

export const adminProductEndpoint = implement(adminProductRoute, async ({ params }) => {
  const db = await getDb();
  const product = await getAdminProduct(db, params.id);
  if (!product) throw notFound(ADMIN_PRODUCT_MESSAGES.notFound);
  return { data: { product, categories: await listCategoryTree(db) }, headers: NO_STORE };
});

export const updateAdminProductEndpoint = implement(updateAdminProductRoute, async ({ params, body, actor }) => ({
  data: { product: await updateAdminProduct(await getDb(), params.id, body, actor) },
  message: 'Saved.',
  headers: NO_STORE,
}));

export const createAdminProductEndpoint = implement(createAdminProductRoute, async ({ body, actor }) => ({
  status: 201,
  data: { product: await createAdminProduct(await getDb(), body, actor) },
  message: 'Product added.',
  headers: NO_STORE,
}));

export const archiveAdminProductEndpoint = implement(archiveAdminProductRoute, async ({ params, actor }) => ({
  data: { product: await archiveAdminProduct(await getDb(), params.id, actor) },
  message: 'Archived: the shop no longer shows it.',
  headers: NO_STORE,
}));

export const restoreAdminProductEndpoint = implement(restoreAdminProductRoute, async ({ params, actor }) => ({
  data: { product: await restoreAdminProduct(await getDb(), params.id, actor) },
  message: 'Restored. It is off sale until you switch it on.',
  headers: NO_STORE,
}));

export const deleteAdminProductEndpoint = implement(deleteAdminProductRoute, async ({ params, actor }) => {
  await deleteAdminProduct(await getDb(), params.id, actor);
  return { data: { id: params.id }, message: 'Deleted.', headers: NO_STORE };
});

export const exportProductsEndpoint = implementFile(exportProductsRoute, async ({ actor }) => {
  const csv = await exportProductsAsStaff(await getDb(), actor, await getReadDb());
  const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  return {
    body: new TextEncoder().encode(csv),
    filename: `products-${day}.csv`,
    headers: { 'cache-control': 'no-store' },
  };
});

/**
 * The back office's import: reads the file (20 MB at most) and checks its header and row count
 * first (413 above MAX_IMPORT_ROWS rows, 422 for a bad header: nothing written, no stream
 * started), then streams progress lines while the rows are read again and written in batches
 * that yield to the event loop, then the summary.
 */
export const importProductsEndpoint = implementStream(importProductsRoute, async ({ ctx, query, actor }) => {
  if (!/^text\/csv\s*(?:;|$)/i.test(ctx.request.headers.get('content-type') ?? ''))
    throw badRequest('Send the CSV file itself as the request body, with Content-Type: text/csv.');
  const db = await getDb();
  const bytes = await readBodyBytesCapped(ctx.request, MAX_IMPORT_BYTES);
  let total: number;
  try {
    ({ records: total } = await readRows(csvPieces(bytes), { maxRows: MAX_IMPORT_ROWS, countOnly: true }));
  } catch (err) {
    if (err instanceof ImportFileError)
      throw new AppError(err.kind === 'too_many_rows' ? 'payload_too_large' : 'unprocessable', err.message);
    throw err;
  }
  // Progress lines as the importer reports them, then the summary (or the failure) as the last line.
  const queue: unknown[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  const push = (line: unknown) => {
    queue.push(line);
    wake?.();
  };
  const run = importCatalogCsv(db, csvPieces(bytes), {
    actor,
    updateStock: query.update_stock,
    batchRows: IMPORT_BATCH_ROWS,
    total,
    publishRule: true,
    onProgress: (done, all) => push({ progress: { done, total: all } }),
  })
    .then((report) => {
      markCatalogChanged(db);
      push({ success: true, message: 'Import finished.', data: importSummary(report, query.update_stock) });
    })
    .catch((err: unknown) => push({ error: err }))
    .finally(() => {
      finished = true;
      wake?.();
    });
  return (async function* () {
    for (;;) {
      while (queue.length) {
        const line = queue.shift() as { error?: unknown };
        if (line && typeof line === 'object' && 'error' in line)
          throw line.error instanceof Error && !(line.error instanceof AppError)
            ? new AppError('unprocessable', line.error.message)
            : line.error;
        yield line;
      }
      if (finished) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
    await run;
  })();
});

/** The back office's category, banner and home-rail endpoints (taxonomy-routes.ts). */
export * from './taxonomy-routes.ts';
