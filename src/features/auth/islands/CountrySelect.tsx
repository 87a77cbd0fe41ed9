/**
 * The country list of the phone input with a search box, as `react-phone-number-input`'s
 * `countrySelectComponent` (its own select is a native <select> without search). A button shows the
 * chosen country and calling code; it opens a WAI-ARIA combobox: a search field filtering by name,
 * ISO code or "+code", and a listbox driven by the arrow keys, Enter and Escape (Escape closes the
 * list, not the dialog around it). No flag images: they would come from a remote host.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Country, getCountryCallingCode } from 'react-phone-number-input';

interface Option {
  value?: string;
  label: string;
  divider?: boolean;
}

interface Props {
  value?: string;
  onChange: (value?: string) => void;
  options: Option[];
  disabled?: boolean;
  readOnly?: boolean;
  onFocus?: () => void;
  onBlur?: () => void;
}

function callingCode(country: string): string {
  try {
    return `+${getCountryCallingCode(country as Country)}`;
  } catch {
    return '';
  }
}

interface CountryEntry {
  value: string;
  label: string;
  /** "+91". */
  code: string;
}

/** The picker's countries: the options that are countries (no dividers), with their calling codes. */
function countryList(options: Option[]): CountryEntry[] {
  return options
    .filter((o): o is Required<Option> => !!o.value && !o.divider)
    .map((o) => ({ value: o.value, label: o.label, code: callingCode(o.value) }));
}

/** The countries whose name contains the search text, whose ISO code it is, or whose calling code starts with it ("+91", "91"). */
function matchingCountries(countries: CountryEntry[], query: string): CountryEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return countries;
  return countries.filter(
    (c) =>
      c.label.toLowerCase().includes(q) ||
      c.value.toLowerCase() === q ||
      c.code.startsWith(q.startsWith('+') ? q : `+${q}`),
  );
}

/** The country picker with search. */
export default function CountrySelect({ value, onChange, options, disabled, readOnly, onFocus, onBlur }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-o${i}`;

  const countries = useMemo(() => countryList(options), [options]);
  const filtered = matchingCountries(countries, query);
  const current = countries.find((c) => c.value === value);

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` is the trigger: the list mounts when it opens.
  useEffect(() => {
    listRef.current?.querySelector(`#${CSS.escape(`${listId}-o${active}`)}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open, listId]);

  function show() {
    const index = countries.findIndex((c) => c.value === value);
    setQuery('');
    setActive(Math.max(0, index));
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(country: string) {
    onChange(country);
    close(false);
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (filtered.length ? (i + step + filtered.length) % filtered.length : 0));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : Math.max(0, filtered.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const c = filtered[active];
      if (c) choose(c.value);
    } else if (event.key === 'Escape') {
      // Close the list only; the dialog around it stays open.
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        disabled={disabled || readOnly}
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => (open ? close(true) : show())}
        onFocus={onFocus}
        onBlur={onBlur}
        className="flex h-11 items-center gap-1 rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="sr-only">Country: {current?.label ?? 'International'}, </span>
        <span>{current?.value ?? '+'}</span> <span className="tabular-nums">{current?.code}</span>
        <svg viewBox="0 0 20 20" className="h-4 w-4 text-slate-600" fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open && (
        <div className="absolute left-0 top-full z-20 mt-1 w-72 max-w-[calc(100vw-3rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
          <input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-label="Search countries"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={filtered[active] ? optionId(active) : undefined}
            placeholder="Search country or code"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
            className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label="Countries"
            className="mt-2 max-h-56 overflow-y-auto"
          >
            {filtered.map((c, i) => (
              // Focus stays in the search box, which moves `aria-activedescendant` over these options
              // and chooses one on Enter (WAI-ARIA APG combobox pattern); a pointer chooses by click.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search box handles the keyboard.
              <div
                key={c.value}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={c.value === value}
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => choose(c.value)}
                onMouseMove={() => setActive(i)}
                className={`flex cursor-pointer items-center justify-between gap-2 rounded px-2 py-1.5 text-sm ${
                  i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'
                } ${c.value === value ? 'font-semibold' : ''}`}
              >
                <span>{c.label}</span>
                <span className="tabular-nums text-slate-600">{c.code}</span>
              </div>
            ))}
          </div>
          {filtered.length === 0 && <p className="px-2 py-1.5 text-sm text-slate-600">No countries found</p>}
        </div>
      )}
    </div>
  );
}
