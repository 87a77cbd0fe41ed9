/**
 * The back office's products (/admin/products): search (the storefront's engine) and filters,
 * each product a row whose price, MRP, stock and active switch are edited in place and saved
 * with the row's Save button (only what changed is sent), a link to the product's page, CSV
 * export, and CSV import with a progress bar and a row-by-row report. Rows collapse to cards on
 * a phone. Results and saves are announced.
 *
 * The search, filter and page live in the address (productsViewSearch): the search form is a GET
 * form to this page and the page links are links, so without this island's script they load the
 * page the server renders; with it, a search or a page adds a history entry and is fetched in
 * place, and Back and Forward show the listing of their address again. The server renders the
 * first listing (`listing`, for `view`).
 */
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { adminFailure } from '#lib/ui/admin-errors.ts';
import { buttonPrimary, buttonSecondary } from '#lib/ui/controls.tsx';
import {
  type AdminProduct,
  listingSummary,
  MAX_PRODUCT_SEARCH,
  type ProductFilter,
  type ProductsView,
  productsViewFrom,
  productsViewSearch,
  productsViewTitle,
} from '../admin-rules.ts';
import type { adminProductsRoute } from '../contract.ts';
import AdminProductImport from './AdminProductImport.tsx';
import AdminProductRow from './AdminProductRow.tsx';
import { adminInput as input } from './admin-product-classes.ts';

const FILTER_LABELS: Record<ProductFilter, string> = {
  all: 'All products',
  out_of_stock: 'Out of stock',
  inactive: 'Inactive',
  low_stock: 'Stock at or below…',
  missing_declarations: 'Missing declarations',
  archived: 'Archived',
};

interface Listing {
  products: AdminProduct[];
  total: number;
  pageSize: number;
}

/** Whether a click is one the browser should handle itself (a new tab or window, a download). */
const browserHandles = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * The listing; `deletedSku` announces the product just deleted from its form; `view` is what the
 * page's address asks for and `listing` its products as the server read them.
 */
export default function AdminProducts({
  deletedSku,
  view,
  listing,
}: {
  deletedSku?: string;
  view: ProductsView;
  listing?: Listing;
}) {
  const [query, setQuery] = useState<ProductsView>(view);
  const [draft, setDraft] = useState(view);
  const [result, setResult] = useState<Listing | null>(listing ?? null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const id = useId();
  // The server's listing is the first query's: it is not fetched again.
  const served = useRef(!!listing);
  // What follows the view's part of the document's title (" | Shop back office").
  const titleRest = useRef<string | null>(null);

  /** Shows `next`, adding a history entry for its address unless it is the one shown already. */
  function go(next: ProductsView) {
    const url = `${window.location.pathname}${productsViewSearch(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.pushState(null, '', url);
    setQuery(next);
    setDraft(next);
  }

  // Back and Forward: the listing of the address they land on.
  useEffect(() => {
    const onPop = () => {
      const next = productsViewFrom(new URLSearchParams(window.location.search));
      setQuery(next);
      setDraft(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // The title names the search, as the server's does.
  useEffect(() => {
    titleRest.current ??= document.title.slice(productsViewTitle(view).length);
    document.title = `${productsViewTitle(query)}${titleRest.current}`;
  }, [query, view]);

  // `reload` re-reads the page after an import.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is the trigger, not read
  useEffect(() => {
    if (served.current) {
      served.current = false;
      return;
    }
    const controller = new AbortController();
    callRoute<typeof adminProductsRoute>('GET /api/admin/products', {
      query: {
        q: query.q || undefined,
        filter: query.filter,
        stock_at_most: query.stockAtMost,
        page: query.page,
      },
      signal: controller.signal,
    })
      .then(({ data }) => {
        setResult(data);
        setError(null);
      })
      .catch((err) => {
        if (!controller.signal.aborted) setError(adminFailure(err));
      });
    return () => controller.abort();
  }, [query, reload]);

  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  return (
    <div className="flex flex-col gap-6">
      {deletedSku && (
        <p role="status" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-800">
          Deleted the product with SKU {deletedSku}.
        </p>
      )}
      <form
        aria-label="Find products"
        method="get"
        action="/admin/products"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          go({ ...draft, page: 1 });
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <label className="min-w-[12rem] flex-1 text-sm text-slate-800" htmlFor={`${id}-q`}>
          Search products
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            maxLength={MAX_PRODUCT_SEARCH}
            className={`${input} mt-1`}
            value={draft.q}
            placeholder="Name or SKU"
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </label>
        <label className="text-sm text-slate-800" htmlFor={`${id}-filter`}>
          Show
          <select
            id={`${id}-filter`}
            name="filter"
            className={`${input} mt-1`}
            value={draft.filter}
            onChange={(e) => setDraft({ ...draft, filter: e.target.value as ProductFilter })}
          >
            {(Object.keys(FILTER_LABELS) as ProductFilter[]).map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        {draft.filter === 'low_stock' && (
          <label className="w-24 text-sm text-slate-800" htmlFor={`${id}-n`}>
            Units
            <input
              id={`${id}-n`}
              name="stock_at_most"
              className={`${input} mt-1`}
              inputMode="numeric"
              value={String(draft.stockAtMost)}
              onChange={(e) => setDraft({ ...draft, stockAtMost: Number(e.target.value.replace(/\D/g, '')) || 0 })}
            />
          </label>
        )}
        <button type="submit" className={`${buttonPrimary} h-10 px-4`}>
          Search
        </button>
        <a href="/api/admin/products/export" className={`${buttonSecondary} h-10 px-4`} download>
          Export CSV
        </a>
      </form>

      <section aria-labelledby={`${id}-list`} className="min-w-0">
        <h2 id={`${id}-list`} className="sr-only">
          Products
        </h2>
        <p role="status" className="text-sm text-slate-700">
          {error ?? (result ? listingSummary(result, query) : 'Loading…')}
        </p>
        {result && result.products.length > 0 && (
          <div className="mt-2 rounded-lg border border-slate-200 bg-white">
            <div
              aria-hidden="true"
              className="hidden gap-x-3 px-3 py-2 text-sm font-semibold text-slate-800 md:grid md:grid-cols-[minmax(0,3fr)_7rem_7rem_6rem_5rem_auto]"
            >
              <span>Product</span>
              <span>Price (₹)</span>
              <span>MRP (₹)</span>
              <span>Stock</span>
              <span>Active</span>
              <span />
            </div>
            <ul>
              {result.products.map((p) => (
                <AdminProductRow
                  key={`${p.id}:${reload}`}
                  product={p}
                  onSaved={(saved) =>
                    setResult((r) => r && { ...r, products: r.products.map((x) => (x.id === saved.id ? saved : x)) })
                  }
                />
              ))}
            </ul>
          </div>
        )}
        {pages > 1 && (
          <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center gap-3">
            {query.page > 1 && <PageLink view={{ ...query, page: query.page - 1 }} label="Previous page" go={go} />}
            <span className="text-sm text-slate-700">
              Page {query.page} of {pages}
            </span>
            {query.page < pages && <PageLink view={{ ...query, page: query.page + 1 }} label="Next page" go={go} />}
          </nav>
        )}
      </section>

      <AdminProductImport onDone={() => setReload((n) => n + 1)} />
    </div>
  );
}

/** A link to another page of the listing: its own address, shown in place by `go`. */
function PageLink({ view, label, go }: { view: ProductsView; label: string; go: (view: ProductsView) => void }) {
  return (
    <a
      href={`/admin/products${productsViewSearch(view)}`}
      className={`${buttonSecondary} h-10 px-4`}
      onClick={(e) => {
        if (browserHandles(e)) return;
        e.preventDefault();
        go(view);
      }}
    >
      {label}
    </a>
  );
}
