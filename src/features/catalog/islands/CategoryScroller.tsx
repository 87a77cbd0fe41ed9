/**
 * "Shop by Categories" on the home page: a horizontal strip of category links
 * (image and name, each to /category/{id}/subcategories) with left and right arrows that move
 * it by 200 px, and a View All button opening a modal dialog that lists every category.
 *
 * The strip is server-rendered with Swiper's classes and scrolls natively, before and after the
 * island runs and without JavaScript. The island starts Swiper on it (category-swiper.ts: the
 * strip's ends and the arrows) and adds the dialog (ModalDialog): labelled by its title, Tab
 * cycles inside it, Escape or the close button or a click on the backdrop closes it, and focus
 * returns to the button that opened it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type Swiper from 'swiper';
import { responsiveImageProps, showPlaceholder } from '#lib/images.ts';
import { type Category, categoryHref } from '../rules.ts';
import { createCategorySwiper, moveStrip } from './category-swiper.ts';
import './swiper.css';

/** The dialog primitive loads on the first View All, so the home page ships no dialog code up front. */
const ModalDialog = lazy(() => import('#lib/ui/ModalDialog.tsx'));

type CategoryLink = Pick<Category, 'id' | 'name' | 'image'>;

interface Props {
  categories: CategoryLink[];
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

function CategoryScroller({ categories }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing runs the dialog's own close (focus back to View All).
  const [dialogMounted, setDialogMounted] = useState(false);
  const [atStart, setAtStart] = useState(true);
  // Until measured in the browser both arrows stay hidden: they do nothing before hydration.
  const [atEnd, setAtEnd] = useState(true);

  useEffect(() => {
    if (!strip.current) return;
    const onEnds = (start: boolean, end: boolean) => {
      setAtStart(start);
      setAtEnd(end);
    };
    const instance = createCategorySwiper(strip.current, onEnds);
    swiper.current = instance;
    return () => {
      swiper.current = null;
      instance.destroy(true, false);
    };
  }, []);

  const scroll = (dir: 1 | -1) => {
    if (swiper.current) moveStrip(swiper.current, dir);
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
        {/* Each item's padding spaces it (and the page's side padding before the first and after the last), so
            the strip has one layout before and after Swiper starts, and Swiper counts all of it in the strip's length. */}
        <div ref={strip} className="swiper -mx-4">
          <ul
            aria-labelledby="shop-by-categories"
            className="swiper-wrapper overflow-x-auto pb-2 pt-1 [scroll-snap-type:none] [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
          >
            {categories.map((c) => (
              <li
                key={c.id}
                className="swiper-slide box-content w-28 pr-3 first:pl-4 last:pr-4 sm:w-36 sm:pr-4 lg:min-w-36 lg:flex-1"
              >
                <a
                  href={categoryHref(c.id)}
                  className="group flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-3 text-center shadow-sm transition hover:border-brand-500 hover:shadow-md"
                >
                  <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 sm:h-20 sm:w-20">
                    <img
                      src={c.image}
                      {...responsiveImageProps(c.image, '48px')}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      onError={showPlaceholder}
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
                      {...responsiveImageProps(c.image, '36px')}
                      alt=""
                      width={36}
                      height={36}
                      loading="lazy"
                      decoding="async"
                      onError={showPlaceholder}
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

export default CategoryScroller;
