/**
 * The search box's query state (docs/storefront-rules.md#search): searching starts from one
 * character, DEBOUNCE_MS after the last keystroke, and a newer text aborts the older request.
 * Results are mapped reading any of the field names the storefront's search answers have used (`id`
 * or `product_id`; `product_name`, `name` or `title`; …), so a result without an id is kept and
 * said to be unopenable when chosen.
 *
 * Decision: the original storefront filtered the server's results in the browser to names
 * containing the typed text. Our server search is ranked and typo-tolerant ("tomatoe" finds
 * tomatoes), so such a filter would throw away exactly the matches it exists for; the server's
 * results are shown as they come, in its order.
 */
import { useEffect, useState } from 'react';
import { isAbortError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import type { DataOut } from '#lib/http/contract.ts';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';
import type { searchProductsRoute } from '../contract.ts';
import { SEARCH_MESSAGES } from '../rules.ts';

/** Debounce between the last keystroke and the request, in ms. */
export const DEBOUNCE_MS = 200;

/** A search result after the spec's mapping. */
export interface SearchHit {
  id: number | string | null;
  name: string;
  image: string;
  /** Rupees. */
  price: number;
  category: string;
  /** Pack size, for the unit sale price; null when the server gives none. */
  weight: number | null;
  unit: string | null;
}

export type SearchStatus = 'idle' | 'loading' | 'results' | 'empty' | 'error';

/** One product as the route declares it; other servers of the spec may leave fields out. */
type Wire = Partial<DataOut<typeof searchProductsRoute>['products'][number]>;

const text = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v.trim() !== '');
const imageOf = (v: unknown) =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { url?: unknown }).url : undefined;

/** The spec's search mapping: id, name, image, price (offer price first) and category. */
export function toHit(raw: Wire): SearchHit {
  const id = raw.id ?? raw.product_id;
  const price = Number(raw.offer_price ?? raw.price ?? 0);
  return {
    id: typeof id === 'number' || (typeof id === 'string' && id !== '') ? id : null,
    name: text(raw.product_name, raw.name, raw.title) ?? 'Unnamed Product',
    image: text(imageOf(raw.product_image), imageOf(raw.image)) ?? PLACEHOLDER_IMAGE,
    price: Number.isFinite(price) ? price : 0,
    category: text(raw.category_name) ?? '',
    weight: typeof raw.weight === 'number' ? raw.weight : null,
    unit: typeof raw.weightUnit === 'string' ? raw.weightUnit : null,
  };
}

/**
 * The product list out of the answer's data: `data.products`, or the spec's other shapes (a bare
 * list, `data.data.products`).
 */
function productsOf(data: DataOut<typeof searchProductsRoute>): Wire[] {
  const d = data as unknown as { products?: unknown; data?: { products?: unknown } } | unknown[] | undefined;
  const list = Array.isArray(d) ? d : (d?.products ?? d?.data?.products);
  return Array.isArray(list) ? list.filter((p): p is Wire => typeof p === 'object' && p !== null) : [];
}

/** Searches for `term` (already trimmed); idle while it is empty. */
export function useProductSearch(term: string): { status: SearchStatus; results: SearchHit[] } {
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [results, setResults] = useState<SearchHit[]>([]);

  useEffect(() => {
    if (!term) {
      setStatus('idle');
      setResults([]);
      return;
    }
    setStatus('loading');
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const { data } = await callRoute<typeof searchProductsRoute>('GET /api/customer/search-products', {
          query: { product: term },
          signal: controller.signal,
          fallbackMessage: SEARCH_MESSAGES.failed,
        });
        const found = productsOf(data).map(toHit);
        setResults(found);
        setStatus(found.length ? 'results' : 'empty');
      } catch (err) {
        if (isAbortError(err) || controller.signal.aborted) return;
        console.error('search failed', err);
        setResults([]);
        setStatus('error');
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  return { status, results };
}
