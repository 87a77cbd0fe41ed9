/**
 * Home banner carousel (docs/storefront-rules.md#home-page) on Swiper
 * (banner-swiper.ts: autoplay every 5 s, loop, the swipe and drag thresholds), with dots that jump
 * to a banner.
 *
 * Autoplay pauses while the mouse is over the banners, while keyboard focus is inside, when the
 * visitor presses Pause, and starts paused under `prefers-reduced-motion` (where banners also
 * change without animation).
 *
 * The slides and dots are server-rendered, the slides with Swiper's classes and styles
 * (swiper.css): before Swiper starts, and without JavaScript, the first banner fills the frame
 * and the others wait beside it, clipped, so the first banner paints at once and nothing shifts
 * when the island hydrates. React renders the slides once; Swiper then owns their order.
 */
import { memo, useEffect, useRef, useState } from 'react';
import type Swiper from 'swiper';
import { imageSrcSet, showPlaceholder } from '#lib/images.ts';
import type { Banner } from '../rules.ts';
import { createBannerSwiper } from './banner-swiper.ts';
import './swiper.css';

/** Responsive banner image widths for srcset, in px. */
export const BANNER_WIDTHS = [350, 420, 600, 900, 1200] as const;
/** Rendered banner width: the page container is max-w-7xl (1280 px) less 2 × 16 px padding. */
const BANNER_SIZES = '(min-width: 1280px) 1248px, calc(100vw - 2rem)';

/**
 * A banner's srcset: an uploaded photo's stored widths; for artwork (SVG) the spec's widths, every
 * one the same file.
 */
export function bannerSrcSet(url: string): string {
  return imageSrcSet(url) ?? BANNER_WIDTHS.map((w) => `${url} ${w}w`).join(', ');
}

interface Props {
  banners: Banner[];
}

/**
 * The slides, rendered once per `hydrated` value (images load eagerly once the island runs, so
 * the next banner is ready when it slides in). Swiper moves these nodes to loop, so React must
 * not re-render them for any other change.
 */
const BannerSlides = memo(function BannerSlides({ banners, hydrated }: Props & { hydrated: boolean }) {
  const n = banners.length;
  return banners.map((banner, i) => (
    // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group with the "slide" role description (WAI-ARIA carousel pattern), not a form fieldset.
    <div
      key={banner.id}
      role="group"
      aria-roledescription="slide"
      aria-label={`${i + 1} of ${n}`}
      aria-hidden={i !== 0}
      inert={i !== 0}
      className="swiper-slide"
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
  ));
});

function BannerCarousel({ banners }: Props) {
  const n = banners.length;
  const viewport = useRef<HTMLDivElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const [playing, setPlaying] = useState(true);
  const [hydrated, setHydrated] = useState(false);
  const [current, setCurrent] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the banners are the island's props, fixed once server-rendered; Swiper starts once.
  useEffect(() => {
    setHydrated(true);
    if (!viewport.current || n < 2) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const carousel = createBannerSwiper(viewport.current, reduceMotion, setCurrent);
    carousel.on('autoplayStart', () => setPlaying(true));
    carousel.on('autoplayStop', () => setPlaying(false));
    if (reduceMotion) carousel.autoplay.stop();
    swiper.current = carousel;
    return () => {
      swiper.current = null;
      carousel.destroy(true, false);
    };
  }, []);

  if (n === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured offers"
      className="relative"
      onFocus={(e) => {
        if (e.target.matches(':focus-visible')) swiper.current?.autoplay.pause();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) swiper.current?.autoplay.resume();
      }}
    >
      <div
        ref={viewport}
        className="swiper aspect-[16/10] select-none overflow-hidden rounded-2xl bg-brand-100 sm:aspect-[2/1] lg:aspect-[3/1]"
      >
        <div className="swiper-wrapper">
          <BannerSlides banners={banners} hydrated={hydrated} />
        </div>
      </div>

      {n > 1 && (
        <div className="relative mt-2 flex h-8 items-center justify-center sm:absolute sm:inset-x-0 sm:bottom-3 sm:z-10 sm:mt-0">
          <div className="flex items-center rounded-full px-1.5 sm:bg-black/45 sm:backdrop-blur-sm">
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                aria-label={`Show banner ${i + 1} of ${n}${banner.title ? `: ${banner.title}` : ''}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => swiper.current?.slideToLoop(i)}
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
            onClick={() => {
              const autoplay = swiper.current?.autoplay;
              if (!autoplay) return;
              if (autoplay.running) autoplay.stop();
              else autoplay.start();
            }}
            aria-label={playing ? 'Pause banners' : 'Play banners'}
            className="absolute right-0 flex h-8 w-8 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-slate-200 sm:right-3 sm:bg-black/45 sm:text-white sm:backdrop-blur-sm sm:hover:bg-black/60 sm:focus-visible:outline-white"
          >
            {playing ? (
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                <path d="M5.75 3a.75.75 0 0 0-.75.75v12.5c0 .41.34.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75A.75.75 0 0 0 7.25 3h-1.5ZM12.75 3a.75.75 0 0 0-.75.75v12.5c0 .41.34.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75a.75.75 0 0 0-.75-.75h-1.5Z" />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
              </svg>
            )}
          </button>
        </div>
      )}
    </section>
  );
}

export default BannerCarousel;
