/**
 * Product search in the navigation bar (spec 000 §2 "Search dropdown", §5, §8, §9).
 *
 * Desktop (≥768 px): an inline combobox whose dropdown (at most 350 px tall, scrolling) shows
 * Searching..., the results (image, name, price, category) or a message. Mobile: a search icon
 * that opens the same combobox full-screen in a modal dialog, with body scrolling locked and a
 * close button. Searching starts from 1 character, debounced; ArrowDown/ArrowUp move the active
 * option, Enter opens it (the first result when none is active), Escape closes. Choosing a
 * result goes to /product/{id}.
 *
 * Decision: spec 000 §5 filters the server's results client-side to names containing the typed
 * text. Our server search is ranked and typo-tolerant ("tomatoe" finds tomatoes), so such a
 * filter would throw away exactly the matches it exists for; the server's results are shown as
 * they come, in its order.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { apiGet, isAbortError } from '../../../lib/http/api-client.ts';
import { PLACEHOLDER_IMAGE } from '../../catalog/images.ts';
import { formatPaise, rupeesToPaise } from '../../../lib/money.ts';
import { $overlay, closeOverlay, openOverlay } from '../../../lib/ui/overlay-store.ts';
import { trapTab } from '../../../lib/ui/focus-trap.ts';
import { CloseIcon, SearchIcon } from '../../../lib/ui/icons.tsx';

/** Debounce between the last keystroke and the request, in ms. */
const DEBOUNCE_MS = 200;
const FAILED = 'Failed to fetch products. Please try again.';
const NO_ID = 'Unable to navigate: Product ID not found.';

/** A search result after the spec's mapping (spec 000 §3 "Search result product"). */
interface SearchResult {
  id: number | string | null;
  name: string;
  image: string;
  /** Rupees. */
  price: number;
  category: string;
}

type Raw = Record<string, unknown>;

const text = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v.trim() !== '');
const imageOf = (v: unknown) => (typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { url?: unknown }).url : undefined);

function toResult(raw: Raw): SearchResult {
  const id = raw.id ?? raw.product_id ?? raw.pid;
  const price = Number(raw.offer_price ?? raw.price ?? 0);
  return {
    id: typeof id === 'number' || (typeof id === 'string' && id !== '') ? id : null,
    name: text(raw.product_name, raw.name, raw.title) ?? 'Unnamed Product',
    image: text(imageOf(raw.product_image), imageOf(raw.image)) ?? PLACEHOLDER_IMAGE,
    price: Number.isFinite(price) ? price : 0,
    category: text(raw.category_name, raw.category) ?? '',
  };
}

/** The product list out of the response's data, whichever of the spec's shapes it has. */
function productsOf(data: unknown): Raw[] {
  const d = data as { products?: unknown; data?: { products?: unknown } } | unknown[] | undefined;
  const list = Array.isArray(d) ? d : (d?.products ?? d?.data?.products);
  return Array.isArray(list) ? list.filter((p): p is Raw => typeof p === 'object' && p !== null) : [];
}

type Status = 'idle' | 'loading' | 'results' | 'empty' | 'error';

interface ComboboxProps {
  /** Fills the full-screen dialog instead of dropping down below the input. */
  fullScreen?: boolean;
  /** Escape in the full-screen search closes the whole dialog. */
  onDismiss?: () => void;
}

function SearchCombobox({ fullScreen = false, onDismiss }: ComboboxProps) {
  const id = useId();
  const inputId = `${id}input`;
  const listId = `${id}list`;
  const optionId = (i: number) => `${id}opt${i}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [results, setResults] = useState<SearchResult[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [navError, setNavError] = useState('');
  const term = query.trim();

  // Text typed before hydration is still in the input; pick it up.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed) {
      setQuery(typed);
      setOpen(true);
    }
  }, []);

  useEffect(() => {
    setActive(-1);
    setNavError('');
    if (!term) {
      setStatus('idle');
      setResults([]);
      return;
    }
    setStatus('loading');
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const data = await apiGet<unknown>('/api/customer/search-products', {
          query: { product: term },
          signal: controller.signal,
          fallbackMessage: FAILED,
        });
        const found = productsOf(data).map(toResult);
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

  // Outside click closes the dropdown.
  useEffect(() => {
    if (!open || fullScreen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, fullScreen]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const expanded = open && term !== '';
  const showList = expanded && status === 'results';

  function choose(result: SearchResult | undefined) {
    if (!result) return;
    if (result.id === null) {
      setNavError(NO_ID);
      return;
    }
    setOpen(false);
    closeOverlay('search');
    window.location.assign(`/product/${encodeURIComponent(String(result.id))}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = showList ? results.length : 0;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        if (count) setActive((a) => (a + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        if (count) setActive((a) => (a <= 0 ? count - 1 : a - 1));
        break;
      case 'Enter':
        if (count) {
          event.preventDefault();
          choose(results[active >= 0 ? active : 0]);
        }
        break;
      case 'Escape':
        if (fullScreen) {
          event.preventDefault();
          onDismiss?.();
        } else if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  }

  const popupClass = fullScreen
    ? 'mt-3 min-h-0 flex-1 overflow-y-auto'
    : 'absolute inset-x-0 top-full z-50 mt-2 max-h-[350px] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg';

  return (
    <div ref={rootRef} className={fullScreen ? 'flex min-h-0 flex-1 flex-col' : 'relative w-full'}>
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <div className="flex items-center gap-2 rounded-full border border-slate-300 bg-slate-50 px-4 focus-within:border-brand-600 focus-within:bg-white focus-within:ring-2 focus-within:ring-brand-600/30">
        <SearchIcon className="h-5 w-5 shrink-0 text-slate-600" />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder="Search for fruits, vegetables, sweets..."
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => term && setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-10 w-full min-w-0 bg-transparent text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
        />
      </div>
      <div className={expanded ? popupClass : 'hidden'}>
        {navError && (
          <p role="alert" className="px-4 py-3 text-sm font-medium text-sale-600">
            {navError}
          </p>
        )}
        {status === 'loading' && (
          <p role="status" className="px-4 py-3 text-sm text-slate-600">
            Searching...
          </p>
        )}
        {status === 'empty' && (
          <p role="status" className="px-4 py-3 text-sm text-slate-600">
            No products found for "{term}".
          </p>
        )}
        {status === 'error' && (
          <p role="alert" className="px-4 py-3 text-sm font-medium text-sale-600">
            {FAILED}
          </p>
        )}
        {status === 'results' && (
          <p role="status" className="sr-only">
            {results.length === 1 ? '1 product found' : `${results.length} products found`}
          </p>
        )}
        <ul id={listId} role="listbox" aria-label="Products" className={showList ? 'py-1' : 'hidden'}>
          {showList &&
            results.map((r, i) => (
              <li
                key={`${r.id}-${i}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => active !== i && setActive(i)}
                onClick={() => choose(r)}
                className={`flex cursor-pointer items-center gap-3 px-4 py-2 ${i === active ? 'bg-brand-50' : ''}`}
              >
                <img
                  src={r.image}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  decoding="async"
                  onError={(e) => {
                    if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
                  }}
                  className="h-10 w-10 shrink-0 rounded-md bg-brand-50 object-contain p-1"
                />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 text-sm font-medium leading-snug text-slate-900">{r.name}</span>
                  {r.category && <span className="block truncate text-xs text-slate-600">{r.category}</span>}
                </span>
                <span className="shrink-0 text-sm font-semibold text-slate-900">{formatPaise(rupeesToPaise(r.price) || 0)}</span>
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}

/** The navigation bar's search: inline on desktop, a full-screen dialog behind an icon on mobile. */
export default function SearchBox() {
  const overlay = useStore($overlay);
  const mobileOpen = overlay === 'search';
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (mobileOpen && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
    }
    if (!mobileOpen && dialog.open) {
      dialog.close();
      openerRef.current?.focus();
    }
  }, [mobileOpen]);

  return (
    <>
      <div className="hidden w-full md:block">
        <SearchCombobox />
      </div>
      <button
        ref={openerRef}
        type="button"
        aria-label="Search products"
        aria-haspopup="dialog"
        onClick={() => openOverlay('search')}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-brand-50 md:hidden"
      >
        <SearchIcon />
      </button>
      <dialog
        ref={dialogRef}
        aria-label="Search products"
        onKeyDown={trapTab}
        onCancel={(e) => {
          e.preventDefault();
          closeOverlay('search');
        }}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-white p-0 open:flex"
      >
        {mobileOpen && (
          <div className="flex h-full w-full flex-col p-3">
            <div className="mb-3 flex items-center justify-between">
              <h2 className="text-lg font-semibold text-slate-900">Search</h2>
              <button
                type="button"
                aria-label="Close search"
                onClick={() => closeOverlay('search')}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
              >
                <CloseIcon />
              </button>
            </div>
            <SearchCombobox fullScreen onDismiss={() => closeOverlay('search')} />
          </div>
        )}
      </dialog>
    </>
  );
}
