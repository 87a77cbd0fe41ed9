/**
 * Home banner carousel (spec 000 §2 home page, §3 Banner, §4 carousel, §9 constants).
 *
 * Advances every 5 s and wraps at both ends; dots jump to a banner; touch swipes change the
 * banner past 50 px, mouse drags past 20% of the width on screens 768 px or wider (narrower
 * screens ignore mouse drags). Autoplay pauses while the pointer is over it, while keyboard
 * focus is inside, when the visitor presses Pause, and starts paused under
 * `prefers-reduced-motion` (where slides also change without animation).
 *
 * All slides are server-rendered; before hydration only the first is in view, so the first
 * banner paints without JavaScript and nothing shifts when the island wakes up.
 *
 * Why not swiper (the ARCHITECTURE's choice): swiper's core plus its autoplay module is about
 * 22 KB of gzipped JavaScript; with React's ~60 KB that leaves almost nothing of the 90 KB
 * catalogue-page budget for the navigation, search and cart islands. This island is ~2 KB.
 */
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { Banner } from '../rules.ts';
import { showPlaceholder } from '#lib/images.ts';

/** Time each banner stays before the next, in milliseconds (spec 000 §9). */
export const BANNER_INTERVAL_MS = 5000;
/** A touch swipe longer than this (px) changes the banner (spec 000 §4, §9). */
export const SWIPE_THRESHOLD_PX = 50;
/** A mouse drag longer than this fraction of the carousel width changes the banner (spec 000 §4). */
export const MOUSE_DRAG_RATIO = 0.2;
/** Mouse dragging is off below this viewport width, in px (spec 000 §9). */
export const MOUSE_DRAG_MIN_WIDTH = 768;
/** Responsive banner image widths for srcset, in px (spec 000 §9). */
export const BANNER_WIDTHS = [350, 420, 600, 900, 1200] as const;
/** Rendered banner width: the page container is max-w-7xl (1280 px) less 2 × 16 px padding. */
const BANNER_SIZES = '(min-width: 1280px) 1248px, calc(100vw - 2rem)';
const TRANSITION = 'transform 450ms cubic-bezier(0.22, 0.61, 0.36, 1)';

/** A srcset listing the spec's widths. Banner art is SVG, so every width is the same file. */
export function bannerSrcSet(url: string): string {
  return BANNER_WIDTHS.map((w) => `${url} ${w}w`).join(', ');
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

interface Props {
  banners: Banner[];
}

interface Drag {
  pointerId: number;
  mouse: boolean;
  startX: number;
  width: number;
  dx: number;
}

export default function BannerCarousel({ banners }: Props) {
  const n = banners.length;
  const [current, setCurrent] = useState(0);
  /** A slide placed beside the current one, unanimated, before it slides in (dot jumps). */
  const [staged, setStaged] = useState<{ target: number; dir: 1 | -1 } | null>(null);
  const [lastDir, setLastDir] = useState<1 | -1>(1);
  const [dragDx, setDragDx] = useState<number | null>(null);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [reduceMotion, setReduceMotion] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const viewport = useRef<HTMLDivElement>(null);
  const previous = useRef<number[]>([]);

  useEffect(() => {
    setHydrated(true);
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduceMotion(query.matches);
    if (query.matches) setUserPaused(true);
    const onChange = (e: MediaQueryListEvent) => setReduceMotion(e.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const goTo = (target: number, dir: 1 | -1) => {
    if (n < 2 || target === current) return;
    setLastDir(dir);
    if (positionOf(target) === dir) setCurrent(target);
    else setStaged({ target, dir });
  };
  const step = (dir: 1 | -1) => goTo(mod(current + dir, n), dir);

  // Second half of a jump: the staged slide is in place (style flushed), now slide it in.
  useLayoutEffect(() => {
    if (!staged) return;
    void viewport.current?.offsetWidth;
    setCurrent(staged.target);
    setStaged(null);
  }, [staged]);

  const running = n > 1 && !userPaused && !hovered && !keyboardFocus && dragDx === null;
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => step(1), BANNER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  });

  /** Position of slide i in slide widths: 0 in view, ±1 beside it, 2 parked out of the way. */
  function positionOf(i: number): number {
    if (i === current) return 0;
    if (staged && i === staged.target) return staged.dir;
    const rel = mod(i - current, n);
    if (n === 2) return dragDx !== null ? (dragDx < 0 ? 1 : -1) : -lastDir;
    if (rel === 1) return 1;
    if (rel === n - 1) return -1;
    return 2;
  }

  const positions = banners.map((_, i) => positionOf(i));
  useLayoutEffect(() => {
    previous.current = positions;
  });

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    const mouse = e.pointerType === 'mouse';
    if (n < 2 || e.button !== 0 || (mouse && window.innerWidth < MOUSE_DRAG_MIN_WIDTH)) return;
    if (mouse) e.preventDefault();
    drag.current = { pointerId: e.pointerId, mouse, startX: e.clientX, width: e.currentTarget.clientWidth, dx: 0 };
  }

  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    d.dx = e.clientX - d.startX;
    if (dragDx === null && Math.abs(d.dx) > 4) e.currentTarget.setPointerCapture(e.pointerId);
    if (dragDx !== null || Math.abs(d.dx) > 4) setDragDx(d.dx);
  }

  function endDrag(e: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    setDragDx(null);
    if (Math.abs(d.dx) > 4) suppressClick.current = true;
    const threshold = d.mouse ? d.width * MOUSE_DRAG_RATIO : SWIPE_THRESHOLD_PX;
    if (!cancelled && Math.abs(d.dx) > threshold) step(d.dx < 0 ? 1 : -1);
  }

  if (n === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured offers"
      className="relative"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onFocus={(e) => setKeyboardFocus(e.target.matches(':focus-visible'))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardFocus(false);
      }}
    >
      <div
        ref={viewport}
        className="relative aspect-[16/10] touch-pan-y select-none overflow-hidden rounded-2xl bg-brand-100 sm:aspect-[2/1] lg:aspect-[3/1]"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endDrag(e, false)}
        onPointerCancel={(e) => endDrag(e, true)}
        onClickCapture={(e) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          e.preventDefault();
          e.stopPropagation();
        }}
      >
        {banners.map((banner, i) => {
          const pos = positions[i];
          const before = previous.current[i] ?? pos;
          const animate =
            hydrated &&
            !reduceMotion &&
            dragDx === null &&
            !(staged && i === staged.target) &&
            Math.abs(pos - before) <= 1;
          const active = pos === 0;
          return (
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${n}`}
              aria-hidden={!active}
              inert={!active}
              data-active={active || undefined}
              className="absolute inset-0"
              style={{
                transform:
                  dragDx !== null ? `translateX(calc(${pos * 100}% + ${dragDx}px))` : `translateX(${pos * 100}%)`,
                transition: animate ? TRANSITION : 'none',
                visibility: Math.abs(pos) > 1 ? 'hidden' : undefined,
              }}
            >
              <img
                src={banner.image}
                srcSet={bannerSrcSet(banner.image)}
                sizes={BANNER_SIZES}
                width={1200}
                height={400}
                alt=""
                draggable={false}
                onError={showPlaceholder}
                loading={i === 0 || hydrated ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
                className="h-full w-full object-cover"
              />
              {(banner.title || banner.description || banner.cta) && (
                <div className="absolute inset-0 flex flex-col justify-center bg-gradient-to-r from-black/75 via-black/45 to-black/5 p-5 sm:from-black/70 sm:via-black/35 sm:to-transparent sm:p-10 lg:p-14">
                  <div className="max-w-md text-white">
                    {banner.title && (
                      <h2 className="text-xl font-extrabold leading-tight drop-shadow sm:text-3xl lg:text-4xl">
                        {banner.title}
                      </h2>
                    )}
                    {banner.description && (
                      <p className="mt-1.5 line-clamp-2 text-sm text-white/95 sm:mt-2 sm:text-base lg:text-lg">
                        {banner.description}
                      </p>
                    )}
                    {banner.cta && (
                      <a
                        href={banner.ctaLink}
                        draggable={false}
                        className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-2 sm:mt-5 sm:px-5 sm:py-2.5 text-sm font-semibold text-brand-700 shadow transition hover:bg-brand-50 focus-visible:outline-white"
                      >
                        {banner.cta}
                        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                          <path
                            fillRule="evenodd"
                            d="M3 10a.75.75 0 0 1 .75-.75h10.64l-3.22-3.22a.75.75 0 1 1 1.06-1.06l4.5 4.5a.75.75 0 0 1 0 1.06l-4.5 4.5a.75.75 0 1 1-1.06-1.06l3.22-3.22H3.75A.75.75 0 0 1 3 10Z"
                            clipRule="evenodd"
                          />
                        </svg>
                      </a>
                    )}
                  </div>
                </div>
              )}
            </div>
          );
        })}
      </div>

      {n > 1 && (
        <div className="relative mt-2 flex h-8 items-center justify-center sm:absolute sm:inset-x-0 sm:bottom-3 sm:mt-0">
          <div className="flex items-center rounded-full px-1.5 sm:bg-black/45 sm:backdrop-blur-sm">
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                aria-label={`Show banner ${i + 1} of ${n}${banner.title ? `: ${banner.title}` : ''}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => goTo(i, i > current ? 1 : -1)}
                className="group flex h-7 min-w-6 items-center justify-center px-1 sm:focus-visible:outline-white"
              >
                <span
                  className={`block h-2 rounded-full transition-all ${i === current ? 'w-6 bg-brand-700 sm:bg-white' : 'w-2 bg-slate-300 group-hover:bg-slate-400 sm:bg-white/60 sm:group-hover:bg-white/90'}`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => setUserPaused((p) => !p)}
            aria-label={userPaused ? 'Play banners' : 'Pause banners'}
            className="absolute right-0 flex h-8 w-8 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-slate-200 sm:right-3 sm:bg-black/45 sm:text-white sm:backdrop-blur-sm sm:hover:bg-black/60 sm:focus-visible:outline-white"
          >
            {userPaused ? (
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                <path d="M5.75 3a.75.75 0 0 0-.75.75v12.5c0 .41.34.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75A.75.75 0 0 0 7.25 3h-1.5ZM12.75 3a.75.75 0 0 0-.75.75v12.5c0 .41.34.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75a.75.75 0 0 0-.75-.75h-1.5Z" />
              </svg>
            )}
          </button>
        </div>
      )}
    </section>
  );
}
