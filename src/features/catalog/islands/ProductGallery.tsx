/**
 * Product image gallery of the product page: the main image with previous/next
 * buttons and a row of thumbnails. Keyboard: the buttons are focusable, and Left/Right arrows
 * anywhere in the gallery change the image; the position is announced politely. The first
 * image is server-rendered eagerly with its size, so it is the page's fast LCP image before
 * hydration. A failed image shows the placeholder.
 */
import { type KeyboardEvent, useState } from 'react';
import { PLACEHOLDER_IMAGE, photoSize, responsiveImageProps, showPlaceholder } from '#lib/images.ts';

interface Props {
  /** Image URLs, cover first (at least one). */
  images: string[];
  /** Product name, for the main image's alternative text. */
  name: string;
}

const SIZE = 480;
/** How wide the main image shows (px at 1×): the page's column, at most 480 px. */
const MAIN_SIZES = '(min-width: 640px) 480px, calc(100vw - 2rem)';

const chevron = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2.5}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    className="h-5 w-5"
  >
    <path d={d} />
  </svg>
);

function ProductGallery({ images, name }: Props) {
  const list = images.length ? images : [PLACEHOLDER_IMAGE];
  const [index, setIndex] = useState(0);
  const count = list.length;
  const go = (next: number) => setIndex((next + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    }
  }

  return (
    // The arrow keys step through the images while focus is on any of the gallery's buttons.
    <section
      className="flex flex-col gap-3"
      onKeyDown={onKeyDown}
      aria-roledescription="gallery"
      aria-label={`${name} images`}
    >
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-brand-50">
        <img
          key={list[index]}
          src={list[index]}
          {...responsiveImageProps(list[index], MAIN_SIZES)}
          alt={count > 1 ? `${name}, image ${index + 1} of ${count}` : name}
          width={SIZE}
          height={SIZE}
          loading="eager"
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
          onError={showPlaceholder}
          className={`mx-auto aspect-square w-full max-w-[480px] ${
            photoSize(list[index]) ? 'object-cover' : 'object-contain p-10 sm:p-14'
          }`}
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Previous image"
              className="absolute left-3 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md hover:bg-white hover:text-brand-700"
            >
              {chevron('M15 18l-6-6 6-6')}
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Next image"
              className="absolute right-3 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md hover:bg-white hover:text-brand-700"
            >
              {chevron('M9 6l6 6-6 6')}
            </button>
            <p className="sr-only" aria-live="polite">
              Image {index + 1} of {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
          {list.map((src, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a product may list the same image twice.
            <li key={`${src}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-pressed={i === index}
                className={`flex h-16 w-16 items-center justify-center overflow-hidden rounded-xl border-2 bg-brand-50 transition sm:h-20 sm:w-20 ${
                  photoSize(src) ? '' : 'p-2'
                } ${i === index ? 'border-brand-600' : 'border-transparent hover:border-brand-200'}`}
              >
                <img
                  src={src}
                  {...responsiveImageProps(src, '80px')}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  onError={showPlaceholder}
                  className={`h-full w-full ${photoSize(src) ? 'object-cover' : 'object-contain'}`}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default ProductGallery;
