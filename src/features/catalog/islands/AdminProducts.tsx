/**
 * The back office's products (/admin/products): search (the storefront's engine) and filters,
 * each product a row whose price, MRP, stock and active switch are edited in place and saved
 * with the row's Save button (only what changed is sent), a link to the product's page, CSV
 * export, and CSV import with a progress bar and a row-by-row report. Rows collapse to cards on
 * a phone. Results and saves are announced.
 */
import { useEffect, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { adminFailure } from '#lib/ui/admin-errors.ts';
import { buttonPrimary, buttonSecondary } from '#lib/ui/controls.tsx';
import { type AdminProduct, listingSummary, type ProductFilter } from '../admin-rules.ts';
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

interface Query {
  q: string;
  filter: ProductFilter;
  stockAtMost: number;
  page: number;
}

/**
 * The listing; `deletedSku` announces the product just deleted from its form; `filter` is the
 * filter it opens with (the page's `?filter=`, e.g. from the missing-declarations notice).
 */
export default function AdminProducts({ deletedSku, filter = 'all' }: { deletedSku?: string; filter?: ProductFilter }) {
  const [query, setQuery] = useState<Query>({ q: '', filter, stockAtMost: 5, page: 1 });
  const [draft, setDraft] = useState(query);
  const [result, setResult] = useState<{ products: AdminProduct[]; total: number; pageSize: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const id = useId();

  // `reload` re-reads the page after an import.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is the trigger, not read
  useEffect(() => {
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
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...draft, page: 1 });
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <label className="min-w-[12rem] flex-1 text-sm text-slate-800" htmlFor={`${id}-q`}>
          Search products
          <input
            id={`${id}-q`}
            type="search"
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
          <nav aria-label="Pages" className="mt-3 flex gap-3">
            <button
              type="button"
              className={`${buttonSecondary} h-10 px-4`}
              disabled={query.page <= 1}
              onClick={() => setQuery({ ...query, page: query.page - 1 })}
            >
              Previous page
            </button>
            <button
              type="button"
              className={`${buttonSecondary} h-10 px-4`}
              disabled={query.page >= pages}
              onClick={() => setQuery({ ...query, page: query.page + 1 })}
            >
              Next page
            </button>
          </nav>
        )}
      </section>

      <AdminProductImport onDone={() => setReload((n) => n + 1)} />
    </div>
  );
}
