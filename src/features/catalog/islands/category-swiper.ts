/**
 * The "Shop by Categories" strip's Swiper: Swiper's core in CSS mode, where the
 * list scrolls natively (touch, trackpad, keyboard, no snapping) exactly as the server-rendered
 * list does before the island runs, and Swiper tracks the strip's ends and moves it by 200 px per
 * arrow press. Items are as wide as their CSS says (`slidesPerView: 'auto'`); when they all fit,
 * Swiper locks the strip and both ends count as reached (no arrows).
 */
import Swiper from 'swiper';

/** How far one arrow press moves the strip, in px. */
export const CATEGORY_SCROLL_STEP_PX = 200;
/** How long one arrow move takes, in milliseconds. */
const MOVE_MS = 300;

/** Starts Swiper on `frame` (the `.swiper` element); `onEnds` hears whether each end of the strip is reached. */
export function createCategorySwiper(frame: HTMLElement, onEnds: (atStart: boolean, atEnd: boolean) => void): Swiper {
  const report = (swiper: Swiper) => onEnds(swiper.isBeginning, swiper.isEnd);
  return new Swiper(frame, {
    cssMode: true,
    slidesPerView: 'auto',
    watchOverflow: true,
    on: { afterInit: report, progress: report, lock: report, unlock: report, resize: report },
  });
}

/** Moves the strip one arrow step left (-1) or right (1), stopping at its ends. */
export function moveStrip(swiper: Swiper, dir: 1 | -1): void {
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  swiper.translateTo(swiper.getTranslate() - dir * CATEGORY_SCROLL_STEP_PX, smooth ? MOVE_MS : 0, false, true);
}
