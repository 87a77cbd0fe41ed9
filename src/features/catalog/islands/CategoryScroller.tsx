/**
 * "Shop by Categories" on the home page (spec 000 §2, §9): a horizontal strip of category links
 * (image and name, each to /category/{id}/subcategories) with left and right arrows that scroll
 * it by 200 px, and a View All button opening a modal dialog that lists every category.
 *
 * The strip is server-rendered and scrolls natively (touch, trackpad, keyboard) without
 * JavaScript; the island adds the arrows' behaviour and the dialog (ModalDialog): labelled by
 * its title, Tab cycles inside it, Escape or the close button or a click on the backdrop closes
 * it, and focus returns to the button that opened it.
 */
import { lazy, Suspense, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { Category } from '../rules.ts';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';

/** The dialog primitive loads on the first View All, so the home page ships no dialog code up front. */
const ModalDialog = lazy(() => import('#lib/ui/ModalDialog.tsx'));

/** How far one arrow press scrolls the strip, in px (spec 000 §9). */
export const CATEGORY_SCROLL_STEP_PX = 200;

type CategoryLink = Pick<Category, 'id' | 'name' | 'image'>;

interface Props {
  categories: CategoryLink[];
}

const categoryHref = (id: number) => `/category/${id}/subcategories`;

function onImageError(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
}

function Arrow({ dir, hidden, onClick }: { dir: 'left' | 'right'; hidden: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={hidden}
      aria-label={dir === 'left' ? 'Scroll categories left' : 'Scroll categories right'}
      className={`absolute top-1/2 z-10 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-700 shadow-md transition hover:border-brand-500 hover:text-brand-700 ${dir === 'left' ? '-left-2 sm:-left-4' : '-right-2 sm:-right-4'} ${hidden ? 'invisible opacity-0' : 'opacity-100'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
        {dir === 'left' ? (
          <path
            fillRule="evenodd"
            d="M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z"
            clipRule="evenodd"
          />
        ) : (
          <path
            fillRule="evenodd"
            d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        )}
      </svg>
    </button>
  );
}

export default function CategoryScroller({ categories }: Props) {
  const strip = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing runs the dialog's own close (focus back to View All).
  const [dialogMounted, setDialogMounted] = useState(false);
  const [atStart, setAtStart] = useState(true);
  // Until measured in the browser both arrows stay hidden: they do nothing before hydration.
  const [atEnd, setAtEnd] = useState(true);

  const updateEnds = () => {
    const el = strip.current;
    if (!el) return;
    setAtStart(el.scrollLeft <= 1);
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
  };

  useEffect(() => {
    updateEnds();
    window.addEventListener('resize', updateEnds);
    return () => window.removeEventListener('resize', updateEnds);
  }, []);

  const scroll = (dir: 1 | -1) => {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    strip.current?.scrollBy({ left: dir * CATEGORY_SCROLL_STEP_PX, behavior: smooth ? 'smooth' : 'auto' });
  };

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="shop-by-categories" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Shop by Categories
        </h2>
        {categories.length > 0 && (
          <button
            type="button"
            onClick={() => {
              setDialogMounted(true);
              setOpen(true);
            }}
            aria-haspopup="dialog"
            className="shrink-0 rounded-full border border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 transition hover:bg-brand-50"
          >
            View All
          </button>
        )}
      </div>

      {categories.length === 0 && (
        <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-700">No categories available.</p>
      )}

      <div className="relative" hidden={categories.length === 0}>
        <Arrow dir="left" hidden={atStart} onClick={() => scroll(-1)} />
        <Arrow dir="right" hidden={atEnd} onClick={() => scroll(1)} />
        <ul
          ref={strip}
          onScroll={updateEnds}
          aria-labelledby="shop-by-categories"
          className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2 pt-1 [scrollbar-width:none] sm:gap-4 [&::-webkit-scrollbar]:hidden"
        >
          {categories.map((c) => (
            <li key={c.id} className="w-28 shrink-0 sm:w-36 lg:min-w-36 lg:flex-1">
              <a
                href={categoryHref(c.id)}
                className="group flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-3 text-center shadow-sm transition hover:border-brand-500 hover:shadow-md"
              >
                <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 sm:h-20 sm:w-20">
                  <img
                    src={c.image}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    onError={onImageError}
                    className="h-10 w-10 object-contain transition group-hover:scale-110 sm:h-12 sm:w-12"
                  />
                </span>
                <span className="line-clamp-2 text-xs font-semibold leading-snug text-slate-800 sm:text-sm">
                  {c.name}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>

      {dialogMounted && (
        <Suspense fallback={null}>
          <ModalDialog
            open={open}
            title="All Categories"
            closeLabel="Close"
            onClose={() => setOpen(false)}
            width="sm:max-w-2xl"
          >
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {categories.map((c) => (
                <li key={c.id}>
                  <a
                    href={categoryHref(c.id)}
                    className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 p-3 text-center text-sm font-semibold text-slate-800 transition hover:border-brand-500 hover:bg-brand-50 sm:flex-row sm:text-left"
                  >
                    <img
                      src={c.image}
                      alt=""
                      width={36}
                      height={36}
                      loading="lazy"
                      decoding="async"
                      onError={onImageError}
                      className="h-9 w-9 shrink-0 object-contain"
                    />
                    <span className="min-w-0 break-words">{c.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          </ModalDialog>
        </Suspense>
      )}
    </div>
  );
}
