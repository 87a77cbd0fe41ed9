/**
 * One order line's packing controls on the staff order page (ADR 0071): the picked quantity in the
 * line's measure (lower than ordered) and a substitute found with the storefront's product search.
 * "Don't replace" disables the substitute with its reason; "call me" shows the customer's mobile
 * (a tel: link) first. Each save answers the order as it is now.
 */
import { type FormEvent, useId, useState } from 'react';
import type { searchProductsRoute } from '#features/search/contract.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPhone } from '#lib/phone.ts';
import { buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';
import type { StaffOrderJson, setPickedRoute, substituteLineRoute } from '../contract.ts';
import { money } from './admin-order-parts.tsx';

type Line = StaffOrderJson['lines'][number];
type Answer = { data: { order: StaffOrderJson }; message?: string };

interface Props {
  orderId: number;
  line: Line;
  mobile: string | null;
  busy: boolean;
  /** Runs a save the way the page runs its actions (busy state, toast, the order as answered). */
  run: (action: () => Promise<Answer>, onError: (message: string | null) => void) => Promise<void>;
}

const field = 'h-11 w-full rounded-lg border border-slate-400 bg-white px-2 text-base';

export default function PackingControls({ orderId, line, mobile, busy, run }: Props) {
  const ids = { picked: useId(), search: useId(), reason: useId() };
  const [picked, setPicked] = useState(line.picked === null ? '' : String(line.picked));
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ id: number; name: string; price: number; pack: string | null }[] | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const params = { id: orderId, line: line.id };
  const noReplace = line.substitution === 'refund';

  function savePicked(event: FormEvent) {
    event.preventDefault();
    void run(
      () =>
        callRoute<typeof setPickedRoute>('PUT /api/admin/orders/{id}/lines/{line}/picked', {
          params,
          body: { picked: Number(picked) },
        }),
      setError,
    );
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { data } = await callRoute<typeof searchProductsRoute>('GET /api/customer/search-products', {
        query: { product: query, limit: '8' },
      });
      setResults(
        data.products
          .filter((p) => p.id !== line.product_id)
          .map((p) => ({
            id: p.id,
            name: p.name,
            price: p.offer_price,
            pack: p.weight && p.weightUnit ? `${p.weight} ${p.weightUnit}` : null,
          })),
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Search failed. Please try again.');
    }
  }

  function substitute(productId: number) {
    void run(
      () =>
        callRoute<typeof substituteLineRoute>('PUT /api/admin/orders/{id}/lines/{line}/substitute', {
          params,
          body: { product_id: productId },
        }),
      setError,
    ).then(() => setResults(null));
  }

  return (
    <div className="no-print mt-2 w-full space-y-2 rounded-lg bg-slate-50 p-2">
      {line.substitution === 'call' && mobile && (
        <p className="text-sm text-slate-900">
          Call the customer before substituting:{' '}
          <a href={`tel:${mobile}`} className="whitespace-nowrap font-semibold text-brand-800 underline">
            {formatPhone(mobile)}
          </a>
        </p>
      )}
      {line.substituted_for === null && (
        <form onSubmit={savePicked} className="flex flex-wrap items-end gap-2">
          <div className="min-w-32 flex-1">
            <label htmlFor={ids.picked} className="mb-1 block text-sm font-medium text-slate-800">
              Picked ({line.measure}, ordered {line.ordered})
            </label>
            <input
              id={ids.picked}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              required
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
              className={field}
            />
          </div>
          <button type="submit" className={buttonSecondary} disabled={busy}>
            Save picked
          </button>
        </form>
      )}
      {line.substituted_for === null && line.picked === null && (
        <form onSubmit={(e) => void search(e)} className="flex flex-wrap items-end gap-2">
          <div className="min-w-32 flex-1">
            <label htmlFor={ids.search} className="mb-1 block text-sm font-medium text-slate-800">
              Substitute with
            </label>
            <input
              id={ids.search}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              disabled={noReplace}
              aria-describedby={noReplace ? ids.reason : undefined}
              className={field}
            />
          </div>
          <button
            type="submit"
            className={buttonSecondary}
            disabled={busy || noReplace || !query.trim()}
            aria-describedby={noReplace ? ids.reason : undefined}
          >
            Find substitute
          </button>
          {noReplace && (
            <p id={ids.reason} className="w-full text-sm text-slate-700">
              No substitute: the customer chose “Don’t replace”.
            </p>
          )}
        </form>
      )}
      {results && (
        <ul aria-label={`Substitutes for ${line.name}`} className="space-y-1">
          {results.length === 0 && <li className="text-sm text-slate-700">No products found.</li>}
          {results.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {p.name}
                {p.pack ? ` (${p.pack})` : ''} · {money(p.price)}
              </span>
              <button type="button" className={buttonSecondary} disabled={busy} onClick={() => substitute(p.id)}>
                Use {p.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorText message={error} className="" />
    </div>
  );
}
