/**
 * The search dropdown's content (docs/storefront-rules.md#search): the navigation error, the
 * Searching... / no match / failure messages, a count for screen readers, and the listbox of
 * results (image, name, category, price), then a "See all results" link to the results page
 *. Presentational: the combobox owns the state.
 */
import { responsiveImageProps, showPlaceholder } from '#lib/images.ts';
import { formatPaise, rupeesToPaise } from '#lib/money.ts';
import { unitPriceLabel } from '#lib/unit-price.ts';
import { echoSearchText, SEARCH_MESSAGES, searchPageHref } from '../rules.ts';
import type { SearchHit, SearchStatus } from './useProductSearch.ts';

interface Props {
  listId: string;
  optionId: (index: number) => string;
  term: string;
  status: SearchStatus;
  results: SearchHit[];
  /** Whether the listbox shows (open, with results). */
  showList: boolean;
  active: number;
  navError: string;
  onActivate: (index: number) => void;
  onChoose: (hit: SearchHit) => void;
}

export default function SearchResults({
  listId,
  optionId,
  term,
  status,
  results,
  showList,
  active,
  navError,
  onActivate,
  onChoose,
}: Props) {
  const shown = echoSearchText(term);
  return (
    <>
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
        <p role="status" className="px-4 py-3 text-sm text-slate-600 [overflow-wrap:anywhere]">
          No products found for "{shown}".
        </p>
      )}
      {status === 'error' && (
        <p role="alert" className="px-4 py-3 text-sm font-medium text-sale-600">
          {SEARCH_MESSAGES.failed}
        </p>
      )}
      {status === 'results' && (
        <p role="status" className="sr-only">
          {results.length === 1 ? '1 product found' : `${results.length} products found`}
        </p>
      )}
      <div id={listId} role="listbox" aria-label="Products" className={showList ? 'py-1' : 'hidden'}>
        {showList &&
          results.map((r, i) => (
            // Focus stays in the combobox, which moves `aria-activedescendant` over these options and
            // chooses one on Enter (WAI-ARIA APG combobox pattern); a pointer chooses by click.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard.
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: another server of the spec may repeat or leave out ids.
              key={`${r.id}-${i}`}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => active !== i && onActivate(i)}
              onClick={() => onChoose(r)}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2 ${i === active ? 'bg-brand-50' : ''}`}
            >
              <img
                src={r.image}
                {...responsiveImageProps(r.image, '40px')}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                decoding="async"
                onError={showPlaceholder}
                className="h-10 w-10 shrink-0 rounded-md bg-brand-50 object-contain p-1"
              />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 text-sm font-medium leading-snug text-slate-900">{r.name}</span>
                {r.category && <span className="block truncate text-xs text-slate-600">{r.category}</span>}
              </span>
              <span className="shrink-0 text-right text-sm font-semibold text-slate-900">
                {formatPaise(rupeesToPaise(r.price) || 0)}
                {unitPriceLabel(rupeesToPaise(r.price) || 0, r.weight, r.unit) && (
                  <span className="block text-xs font-normal text-slate-600">
                    {unitPriceLabel(rupeesToPaise(r.price) || 0, r.weight, r.unit)}
                  </span>
                )}
              </span>
            </div>
          ))}
      </div>
      {(status === 'results' || status === 'empty') && (
        <p className="sticky bottom-0 border-t border-slate-200 bg-white px-4 py-2.5 text-sm [overflow-wrap:anywhere]">
          <a href={searchPageHref(term)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            See all results for "{shown}"
          </a>
        </p>
      )}
    </>
  );
}
