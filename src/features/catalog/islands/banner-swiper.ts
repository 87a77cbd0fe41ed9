/**
 * The home banner carousel's Swiper (docs/storefront-rules.md#home-page): Swiper's
 * core with its Autoplay module, on the slides the island renders.
 *
 * - Advances every 5 s and loops, so it wraps at both ends; `onChange` hears the banner in view
 *   (the island's dots show it and jump with `slideToLoop`).
 * - A touch swipe changes the banner past 50 px, a mouse drag past 20% of the width, and only on
 *   screens 768 px or wider (Swiper's mouse dragging, `simulateTouch`, is off below). Swiper
 *   judges a drag by its speed and a ratio of the slide; here every drag is judged at release by
 *   the distance the pointer travelled, against the spec's threshold for its pointer type.
 * - Only the banner in view is exposed to assistive technology and the keyboard (`inert` on the
 *   others).
 *
 * Swiper's Pagination module is not used: it builds its dots as HTML strings after start-up,
 * while the island's dots are React buttons the server renders with the banners' titles.
 */
import Swiper from 'swiper';
import { Autoplay } from 'swiper/modules';

/** Time each banner stays before the next, in milliseconds. */
export const BANNER_INTERVAL_MS = 5000;
/** A touch swipe longer than this (px) changes the banner. */
export const SWIPE_THRESHOLD_PX = 50;
/** A mouse drag longer than this fraction of the carousel width changes the banner. */
export const MOUSE_DRAG_RATIO = 0.2;
/** Mouse dragging is off below this viewport width, in px. */
export const MOUSE_DRAG_MIN_WIDTH = 768;
/** How long a banner takes to slide in, in milliseconds. */
const SLIDE_MS = 450;
/** Pointer travel (px) before a press becomes a drag; a shorter wobble is still a tap on the banner's button. */
const DRAG_START_PX = 4;

/** Whether a drag of `dx` px with `pointerType` over a carousel `width` px wide changes the banner. */
export function dragChangesBanner(dx: number, pointerType: string, width: number): boolean {
  const limit = pointerType === 'mouse' ? width * MOUSE_DRAG_RATIO : SWIPE_THRESHOLD_PX;
  return Math.abs(dx) > limit;
}

/** The x coordinate of a pointer or touch event. */
const pageX = (e: Event) =>
  'changedTouches' in e ? (e as TouchEvent).changedTouches[0].pageX : (e as PointerEvent).pageX;
const pointerTypeOf = (e: Event) => ('pointerType' in e ? (e as PointerEvent).pointerType : 'touch');

/** Exposes only the banner in view to assistive technology and the keyboard (the others are inert). */
function exposeActiveSlide(swiper: Swiper): void {
  const active = swiper.slides[swiper.activeIndex];
  for (const slide of swiper.slides) {
    slide.inert = slide !== active;
    slide.setAttribute('aria-hidden', String(slide !== active));
  }
}

/** Starts the carousel on `viewport` (the `.swiper` element); `onChange` hears the index of the banner in view. */
export function createBannerSwiper(
  viewport: HTMLElement,
  reduceMotion: boolean,
  onChange: (index: number) => void,
): Swiper {
  let startX = 0;
  const slideChanged = (swiper: Swiper) => {
    exposeActiveSlide(swiper);
    onChange(swiper.realIndex);
  };
  return new Swiper(viewport, {
    modules: [Autoplay],
    loop: true,
    speed: reduceMotion ? 0 : SLIDE_MS,
    autoplay: { delay: BANNER_INTERVAL_MS, disableOnInteraction: false, pauseOnMouseEnter: true },
    threshold: DRAG_START_PX,
    // Every drag is a "long swipe", and whether it changes the banner is set at release (touchEnd).
    shortSwipes: false,
    longSwipesMs: 0,
    longSwipesRatio: 0,
    simulateTouch: false,
    breakpoints: { [MOUSE_DRAG_MIN_WIDTH]: { simulateTouch: true } },
    on: {
      touchStart: (_swiper, e) => {
        startX = pageX(e);
      },
      touchEnd: (swiper, e) => {
        swiper.params.longSwipes = dragChangesBanner(pageX(e) - startX, pointerTypeOf(e), swiper.width);
      },
      afterInit: slideChanged,
      slideChange: slideChanged,
    },
  });
}
