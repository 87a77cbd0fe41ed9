/**
 * Product search in the navigation bar (docs/storefront-rules.md#search).
 *
 * Desktop (≥768 px): an inline combobox whose dropdown (at most 350 px tall, scrolling) shows
 * Searching..., the results (image, name, price, category) or a message. Mobile: a search icon that
 * opens the same combobox full-screen in a modal dialog (ModalDialog, the box focused), with body
 * scrolling locked (overlay-store.ts) and a close button. Searching (useProductSearch.ts) starts
 * from 1 character, debounced; ArrowDown/ArrowUp move the active option, Enter opens it, Escape
 * closes. Choosing a result goes to /product/{id}.
 *
 * The box is a plain GET form in a <search> landmark (action="/search", the text as `q`):
 * Enter with no highlighted suggestion, or the search button, opens the results page, and the
 * desktop box works so before hydration and without JavaScript. The mobile icon opens the dialog
 * with JavaScript; without it, a link to /search (which has its own form) stands in.
 */

import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '#lib/ui/icons.tsx';
import ModalDialog from '#lib/ui/ModalDialog.tsx';
import { $overlay, closeOverlay, openOverlay } from '#lib/ui/overlay-store.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, searchPageHref } from '../rules.ts';
import SearchResults from './SearchResults.tsx';
import { type SearchHit, useProductSearch } from './useProductSearch.ts';

interface ComboboxProps {
  /** Fills the full-screen dialog instead of dropping down below the input. */
  fullScreen?: boolean;
  /** Escape in the full-screen search closes the whole dialog. */
  onDismiss?: () => void;
}

/** What a key in the box reads and changes (SearchCombobox's state). */
interface KeyContext {
  /** Options listed (0 while the list is not shown). */
  count: number;
  open: boolean;
  active: number;
  expanded: boolean;
  fullScreen: boolean;
  setOpen: (open: boolean) => void;
  setActive: (active: number | ((a: number) => number)) => void;
  chooseActive: () => void;
  onDismiss?: () => void;
}

/**
 * The box's keys: ArrowDown/ArrowUp open the dropdown and move the active option (wrapping),
 * Enter opens the active option, Escape closes the dropdown or, full-screen, the dialog.
 */
function comboboxKey(event: KeyboardEvent<HTMLInputElement>, c: KeyContext): void {
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      if (!c.open) c.setOpen(true);
      if (c.count) c.setActive((a) => (a + 1) % c.count);
      break;
    case 'ArrowUp':
      event.preventDefault();
      if (!c.open) c.setOpen(true);
      if (c.count) c.setActive((a) => (a <= 0 ? c.count - 1 : a - 1));
      break;
    case 'Enter':
      // A highlighted suggestion opens its product; otherwise the form goes to /search.
      if (c.count && c.active >= 0) {
        event.preventDefault();
        c.chooseActive();
      }
      break;
    case 'Escape':
      if (c.fullScreen) {
        event.preventDefault();
        c.onDismiss?.();
      } else if (c.expanded) {
        event.preventDefault();
        c.setOpen(false);
        c.setActive(-1);
      }
      break;
  }
}

function SearchCombobox({ fullScreen = false, onDismiss }: ComboboxProps) {
  const id = useId();
  const inputId = `${id}input`;
  const listId = `${id}list`;
  const optionId = (i: number) => `${id}opt${i}`;
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [navError, setNavError] = useState('');
  const term = query.trim();
  const { status, results } = useProductSearch(term);

  // Text typed before hydration is still in the input; pick it up.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed) {
      setQuery(typed);
      setOpen(true);
    }
  }, []);

  // A new text starts with no active option and no navigation error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `term` is the trigger, not a value the effect reads.
  useEffect(() => {
    setActive(-1);
    setNavError('');
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
    if (active >= 0) document.getElementById(`${id}opt${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const expanded = open && term !== '';
  const showList = expanded && status === 'results';

  function choose(result: SearchHit | undefined) {
    if (!result) return;
    if (result.id === null) {
      setNavError(SEARCH_MESSAGES.noId);
      return;
    }
    setOpen(false);
    closeOverlay('search');
    window.location.assign(`/product/${encodeURIComponent(String(result.id))}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    comboboxKey(event, {
      count: showList ? results.length : 0,
      open,
      active,
      expanded,
      fullScreen,
      setOpen,
      setActive,
      chooseActive: () => choose(results[active]),
      onDismiss,
    });
  }

  const popupClass = fullScreen
    ? 'mt-3 min-h-0 flex-1 overflow-y-auto'
    : 'absolute inset-x-0 top-full z-50 mt-2 max-h-[350px] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg';

  return (
    <search
      ref={rootRef}
      aria-label="Products"
      className={fullScreen ? 'flex min-h-0 flex-1 flex-col' : 'relative w-full'}
    >
      <form
        action="/search"
        method="get"
        onSubmit={(event) => {
          // Navigate ourselves: closing the mobile dialog unmounts this form, which would drop a
          // native submission. Without JavaScript the form submits natively.
          event.preventDefault();
          if (!term) {
            inputRef.current?.focus();
            return;
          }
          setOpen(false);
          window.location.assign(searchPageHref(term));
          closeOverlay('search');
        }}
        className="flex items-center gap-2 rounded-full border border-slate-300 bg-slate-50 pl-1 pr-4 focus-within:border-brand-600 focus-within:bg-white focus-within:ring-2 focus-within:ring-brand-600/30"
      >
        <label htmlFor={inputId} className="sr-only">
          Search products
        </label>
        <button
          type="submit"
          aria-label="Search"
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:text-brand-700"
        >
          <SearchIcon className="h-5 w-5" />
        </button>
        <input
          ref={inputRef}
          id={inputId}
          name="q"
          required
          type="text"
          role="combobox"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          data-autofocus={fullScreen || undefined}
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder="Search for fruits, vegetables, sweets..."
          maxLength={SEARCH_MAX_LENGTH}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => term && setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-10 w-full min-w-0 bg-transparent text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
        />
      </form>
      {/* Scrolled by the arrow keys from the box (the active option is kept in view), and a Tab stop of
          its own so a keyboard can scroll a long list too (axe scrollable-region-focusable). */}
      <section tabIndex={expanded ? 0 : -1} aria-label="Search results" className={expanded ? popupClass : 'hidden'}>
        <SearchResults
          listId={listId}
          optionId={optionId}
          term={term}
          status={status}
          results={results}
          showList={showList}
          active={active}
          navError={navError}
          onActivate={setActive}
          onChoose={choose}
        />
      </section>
    </search>
  );
}

/** The navigation bar's search: inline on desktop, a full-screen dialog behind an icon on mobile. */
function SearchBox() {
  const overlay = useStore($overlay);
  const mobileOpen = overlay === 'search';

  return (
    <>
      <div className="hidden w-full md:block">
        <SearchCombobox />
      </div>
      {/* Without JavaScript the dialog cannot open: the icon is a link to the results page's form. */}
      <a
        href="/search"
        data-no-js-only
        aria-label="Search products"
        className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-brand-50 md:hidden"
      >
        <SearchIcon />
      </a>
      <button
        type="button"
        aria-label="Search products"
        aria-haspopup="dialog"
        onClick={() => openOverlay('search')}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-brand-50 md:hidden"
      >
        <SearchIcon />
      </button>
      <ModalDialog
        open={mobileOpen}
        title="Search"
        label="Search products"
        closeLabel="Close search"
        onClose={() => closeOverlay('search')}
        variant="fullscreen"
        bare
      >
        <div className="flex min-h-0 flex-1 flex-col p-3">
          <SearchCombobox fullScreen onDismiss={() => closeOverlay('search')} />
        </div>
      </ModalDialog>
    </>
  );
}

export default SearchBox;
