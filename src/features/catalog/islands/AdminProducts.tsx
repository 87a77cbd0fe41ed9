/**
 * The back office's products (/admin/products): search (the storefront's engine) and filters,
 * each product a row whose price, MRP, stock and active switch are edited in place and saved
 * with the row's Save button (only what changed is sent), a link to the product's page, CSV
 * export, and CSV import with a progress bar and a row-by-row report. Rows collapse to cards on
 * a phone. Results and saves are announced.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { adminFailure, paiseInput, typedRupeesToPaise } from '#lib/ui/admin-errors.ts';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import { buttonPrimary, buttonSecondary } from '#lib/ui/controls.tsx';
import type { AdminProduct, ProductFilter } from '../admin-rules.ts';
import type { adminProductsRoute, ImportReport, updateAdminProductRoute } from '../contract.ts';

const input =
  'h-10 w-full rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus:border-brand-700';
const FILTER_LABELS: Record<ProductFilter, string> = {
  all: 'All products',
  out_of_stock: 'Out of stock',
  inactive: 'Inactive',
  low_stock: 'Stock at or below…',
};

interface Query {
  q: string;
  filter: ProductFilter;
  stockAtMost: number;
  page: number;
}

function ProductRow({ product, onSaved }: { product: AdminProduct; onSaved: (p: AdminProduct) => void }) {
  const [price, setPrice] = useState(paiseInput(product.pricePaise));
  const [mrp, setMrp] = useState(paiseInput(product.mrpPaise));
  const [stock, setStock] = useState(String(product.stock));
  const [active, setActive] = useState(product.isActive);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, number | boolean> = {};
    const pricePaise = typedRupeesToPaise(price);
    const mrpPaise = typedRupeesToPaise(mrp);
    const units = /^\d{1,7}$/.test(stock.trim()) ? Number(stock.trim()) : null;
    if (pricePaise === null)
      return setStatus({ error: true, text: 'The price must be an amount in rupees, e.g. 45.50.' });
    if (mrpPaise === null) return setStatus({ error: true, text: 'The MRP must be an amount in rupees, e.g. 50.00.' });
    if (units === null) return setStatus({ error: true, text: 'The stock must be a whole number, 0 or more.' });
    if (pricePaise !== product.pricePaise) body.price_paise = pricePaise;
    if (mrpPaise !== product.mrpPaise) body.mrp_paise = mrpPaise;
    if (units !== product.stock) body.stock = units;
    if (active !== product.isActive) body.is_active = active;
    if (!Object.keys(body).length) return setStatus({ error: false, text: 'Nothing changed.' });
    setBusy(true);
    try {
      const { data } = await callRoute<typeof updateAdminProductRoute>('PATCH /api/admin/products/{id}', {
        params: { id: product.id },
        body,
      });
      onSaved(data.product);
      setStatus({
        error: false,
        text: `Saved: ${formatPaise(data.product.pricePaise)}, ${data.product.stock} in stock.`,
      });
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="border-t border-slate-200 px-3 py-3">
      <form
        noValidate
        onSubmit={save}
        aria-label={product.name}
        className="grid grid-cols-2 items-end gap-x-3 gap-y-2 md:grid-cols-[minmax(0,3fr)_7rem_7rem_6rem_5rem_auto]"
      >
        <div className="col-span-2 min-w-0 md:col-span-1">
          <a
            href={`/admin/products/${product.id}`}
            className="font-medium text-brand-800 underline-offset-2 hover:underline"
          >
            {product.name}
          </a>
          <p className="text-sm text-slate-600">
            {product.sku} · {product.categoryName}
            {product.stock === 0 && <span className="ml-2 font-semibold text-red-700">Out of stock</span>}
            {!product.isActive && <span className="ml-2 font-semibold text-slate-700">Inactive</span>}
          </p>
        </div>
        <label className="text-sm text-slate-700" htmlFor={`${id}-price`}>
          <span className="md:sr-only">Price (₹)</span>
          <input
            id={`${id}-price`}
            className={input}
            inputMode="decimal"
            value={price}
            aria-label={`Price of ${product.name} in rupees`}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
        <label className="text-sm text-slate-700" htmlFor={`${id}-mrp`}>
          <span className="md:sr-only">MRP (₹)</span>
          <input
            id={`${id}-mrp`}
            className={input}
            inputMode="decimal"
            value={mrp}
            aria-label={`MRP of ${product.name} in rupees`}
            onChange={(e) => setMrp(e.target.value)}
          />
        </label>
        <label className="text-sm text-slate-700" htmlFor={`${id}-stock`}>
          <span className="md:sr-only">Stock</span>
          <input
            id={`${id}-stock`}
            className={input}
            inputMode="numeric"
            value={stock}
            aria-label={`Stock of ${product.name}`}
            onChange={(e) => setStock(e.target.value)}
          />
        </label>
        <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={active}
            aria-label={`${product.name} is on sale`}
            onChange={(e) => setActive(e.target.checked)}
          />
          <span className="md:sr-only">Active</span>
        </label>
        <button type="submit" className={`${buttonPrimary} h-10 px-4`} disabled={busy}>
          Save<span className="sr-only"> {product.name}</span>
        </button>
        <p
          role="status"
          className={`col-span-2 text-sm md:col-span-6 ${status?.error ? 'text-red-700' : 'text-slate-700'}`}
        >
          {status?.text}
        </p>
      </form>
    </li>
  );
}

/** The CSV import: a file, a progress bar while the server writes, then the report. */
function ImportCsv({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function run(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose a CSV file first.');
    setBusy(true);
    setError(null);
    setReport(null);
    setProgress({ done: 0, total: 0 });
    try {
      const res = await fetch('/api/admin/products/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
        body: JSON.stringify({ csv: await file.text() }),
      });
      if (res.status === 401) return setError(adminFailure(new ApiError('', 401)));
      if (!res.ok || !res.body) {
        const failed = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(failed?.message ?? `The import failed (${res.status}).`);
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines.filter(Boolean)) {
          const message = JSON.parse(line) as {
            progress?: { done: number; total: number };
            success?: boolean;
            message?: string;
            data?: ImportReport;
          };
          if (message.progress) setProgress(message.progress);
          else if (message.success && message.data) setReport(message.data);
          else if (message.success === false) throw new Error(message.message ?? 'The import failed.');
        }
      }
      onDone();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The import failed.');
    } finally {
      setBusy(false);
    }
  }

  const shown = report?.rows.filter((r) => r.outcome !== 'unchanged') ?? [];
  return (
    <section aria-labelledby={`${id}-h`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Import a CSV
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The same importer as <code>npm run catalog:import</code>: new SKUs are added, changed rows updated, bad rows
        refused with the reason. An exported file comes back unchanged.
      </p>
      <form noValidate onSubmit={run} className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-800" htmlFor={`${id}-file`}>
          CSV file
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full max-w-full text-base"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className={`${buttonPrimary} h-10 px-4`} disabled={busy}>
          Import
        </button>
      </form>
      {progress && (busy || report) && (
        <div className="mt-3">
          <label htmlFor={`${id}-progress`} className="text-sm text-slate-800">
            {busy ? 'Importing…' : 'Imported'} {progress.total ? `${progress.done} of ${progress.total} rows` : ''}
          </label>
          <progress
            id={`${id}-progress`}
            className="mt-1 block h-3 w-full"
            max={progress.total || 1}
            value={busy && !progress.total ? undefined : progress.done}
          />
        </div>
      )}
      <p role="alert" className="mt-2 text-sm text-red-700">
        {error}
      </p>
      {report && (
        <div className="mt-3" role="status">
          <p className="font-medium text-slate-900">
            {report.inserted} added, {report.updated} changed, {report.unchanged} unchanged, {report.skipped.length}{' '}
            refused.
          </p>
          {(shown.length > 0 || report.skipped.length > 0) && (
            <ScrollRegion
              label="Import report"
              className="mt-2 max-h-80 overflow-y-auto rounded border border-slate-200"
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">What the import did, row by row</caption>
                <thead className="bg-slate-100 text-slate-800">
                  <tr>
                    <th scope="col" className="px-2 py-1">
                      Line
                    </th>
                    <th scope="col" className="px-2 py-1">
                      What
                    </th>
                    <th scope="col" className="px-2 py-1">
                      Product or reason
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[
                    ...shown.map((r) => ({
                      line: r.line,
                      what: r.outcome === 'added' ? 'Added' : 'Changed',
                      text: `${r.sku} ${r.name}`,
                    })),
                    ...report.skipped.map((s) => ({ line: s.line, what: 'Refused', text: s.reason })),
                  ]
                    .sort((a, b) => a.line - b.line)
                    .map((r) => (
                      <tr key={`${r.line}-${r.what}`} className="border-t border-slate-200">
                        <td className="px-2 py-1">{r.line}</td>
                        <td className={`px-2 py-1 ${r.what === 'Refused' ? 'text-red-700' : ''}`}>{r.what}</td>
                        <td className="px-2 py-1">{r.text}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </div>
      )}
    </section>
  );
}

export default function AdminProducts() {
  const [query, setQuery] = useState<Query>({ q: '', filter: 'all', stockAtMost: 5, page: 1 });
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
          {error ??
            (result ? `${result.total} products${pages > 1 ? `, page ${query.page} of ${pages}` : ''}` : 'Loading…')}
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
                <ProductRow
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

      <ImportCsv onDone={() => setReload((n) => n + 1)} />
    </div>
  );
}
