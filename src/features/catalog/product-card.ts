/**
 * The product card (docs/storefront-rules.md#product-cards) and the wishlist heart: the one source
 * of their markup, for every card the server draws (listings, search results, related products, the
 * home page's grid, the wishlist page, via components/ProductGrid.astro) and for Buy again in the
 * browser.
 *
 * A card: image, name, weight and unit, price with tax, MRP struck through when higher, a
 * percent-off badge only when the offer is below the MRP, the unit price, an out-of-stock label,
 * the heart (`aria-pressed`), and the Add button — a form posting to /cart/add, which works
 * without JavaScript ("Out of Stock" and disabled when the stock is 0) — beside a − qty + stepper
 * that replaces "Add" once the product is in the cart. No island: islands/ProductCardActions.ts
 * makes them work in place, and the wishlist store keeps every heart current (store.ts).
 *
 * Written with the `html` tag (#lib/html.ts), which escapes every `${}` unless it is markup made
 * by the tag itself: a product's texts (name, pack size) can hold anything. Its URLs are checked
 * too: the image must be a path on this site or an http(s) URL (the placeholder otherwise), and the
 * Add form's `next` a path `safeNextPath` accepts ("/" otherwise). A template rather than an Astro
 * component because a page draws 10–20 of them and Buy again draws them in the browser
 * (ADR 0091). Nothing is kept between renders: a kept card would outlive the young generation
 * and cost the collector more than drawing it again. Browser-safe: no DOM, no server code.
 */
import { type HtmlValue, html, raw, type SafeHtml } from '#lib/html.ts';
import { safeNextPath } from '#lib/http/safe-next.ts';
import { imageSrcSet, safeImageUrl } from '#lib/images.ts';
import { formatPaise, rupeesToPaise } from '#lib/money.ts';
import { packSize, unitPriceLabel } from '#lib/unit-price.ts';
import {
  CARD_ADD_BUTTON,
  CARD_QTY,
  CARD_REMOVE_BUTTON,
  CARD_SOLD_OUT_BUTTON,
  CARD_STEP_BUTTON,
  CARD_STEPPER,
} from './card-classes.ts';
import type { ProductCardJson } from './catalog-schemas.ts';

/** What a card shows of a product (the catalogue's ProductSummary has these fields). Prices are tax-inclusive paise. */
export interface CardProduct {
  id: number;
  name: string;
  /** Image URL; anything but a path on this site or an http(s) URL shows the placeholder. */
  image: string;
  pricePaise: number;
  mrpPaise: number;
  /** Rounded percent off (0 when none). */
  discountPercent: number;
  weight: number | null;
  weightUnit: string | null;
  stock: number;
}

/** How a card is drawn, and where its Add form comes back to without JavaScript. */
export interface CardOptions {
  /** The page's path and query (e.g. "/search?q=dal"); a value `safeNextPath` refuses becomes "/". */
  returnTo: string;
  /** Load the image eagerly and first (cards above the fold). */
  eager?: boolean;
  /** The heading level of the name, to fit the page's outline (default h3). */
  headingLevel?: 'h2' | 'h3';
  /** Buy again: the delivered orders that held the product, shown as "Ordered N times". */
  timesOrdered?: number;
  /**
   * The wishlist page: the heart drawn pressed and a "Remove" button under Add (a script-only
   * `type="button"`, hidden without JavaScript).
   */
  wishlisted?: boolean;
  /**
   * A product the shop no longer sells (inactive): "No longer available" in place of the Add
   * form, and the name without a link (its page is gone).
   */
  unavailable?: boolean;
}

const HEART_PATH =
  'M12 20.5s-7.5-4.6-9.4-9.3C1.4 8.2 3.2 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.6 0 5.4 3.7 4.2 6.7-1.9 4.7-9.4 9.3-9.4 9.3Z';

/**
 * The wishlist heart (docs/storefront-rules.md#wishlist) of a card (`card`: a small round button
 * over the image) or of the product page (`page`: a larger one).
 */
export function wishlistHeart(
  productId: number,
  name: HtmlValue,
  size: 'card' | 'page' = 'card',
  pressed = false,
): SafeHtml {
  const box = size === 'page' ? 'h-11 w-11' : 'h-9 w-9';
  const icon = size === 'page' ? 'h-6 w-6' : 'h-5 w-5';
  return html`<button type="button" data-wishlist-heart data-card-heart data-product-id="${productId}" aria-pressed="${pressed ? 'true' : 'false'}" aria-label="Wishlist ${name}" class="group/heart relative z-10 inline-flex ${box} items-center justify-center rounded-full border border-slate-200 bg-white/90 text-slate-700 shadow-sm transition hover:text-sale-600 aria-pressed:text-sale-600 disabled:opacity-60"><svg viewBox="0 0 24 24" class="${icon} fill-none group-aria-pressed/heart:fill-current" stroke="currentColor" stroke-width="2" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${HEART_PATH}"></path></svg></button>`;
}

/** The stepper that replaces "Add" once the product is in the cart. */
function stepper(name: SafeHtml): SafeHtml {
  return html`<fieldset data-card-stepper hidden class="${CARD_STEPPER}"><legend class="sr-only">${name} in cart</legend><button type="button" data-step="-1" aria-label="Decrease quantity of ${name}" class="${CARD_STEP_BUTTON}">−</button><output data-card-qty aria-live="polite" aria-label="Quantity of ${name} in cart" class="${CARD_QTY}">0</output><button type="button" data-step="1" aria-label="Increase quantity of ${name}" class="${CARD_STEP_BUTTON}">+</button></fieldset>`;
}

/**
 * How wide a card's image shows (px at 1×), for the browser to pick a photo's width: the grid has
 * 2 columns on a phone, 3 from 640 px, 4 from 768 px and 5 from 1024 px, in a page at most 1280 px wide.
 */
const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 240px, (min-width: 1024px) 19vw, (min-width: 768px) 24vw, (min-width: 640px) 32vw, 48vw';

/**
 * A card's image: an uploaded photo fills the square, with a srcset of its stored widths; artwork
 * (an emoji SVG) sits inside it with room around it.
 */
function cardImage(image: string, eager: boolean): SafeHtml {
  const src = safeImageUrl(image);
  const srcset = imageSrcSet(src);
  const loading = html` loading="${eager ? 'eager' : 'lazy'}" decoding="async"${eager && raw(' fetchpriority="high"')}`;
  return srcset
    ? html`<div class="flex aspect-square items-center justify-center overflow-hidden bg-brand-50"><img src="${src}" srcset="${srcset}" sizes="${CARD_IMAGE_SIZES}" alt="" width="160" height="160"${loading} class="h-full w-full object-cover transition group-hover:scale-105"></div>`
    : html`<div class="flex aspect-square items-center justify-center bg-brand-50 p-6"><img src="${src}" alt="" width="160" height="160"${loading} class="h-full w-full object-contain transition group-hover:scale-105"></div>`;
}

/** A product's card. */
export function productCard(p: CardProduct, options: CardOptions): SafeHtml {
  const { eager = false, headingLevel = 'h3', timesOrdered, wishlisted = false, unavailable = false } = options;
  const soldOut = p.stock <= 0;
  // The name is escaped once here and goes into the card's markup eight times (nine with Remove).
  const name = html`${p.name}`;
  const unit = unitPriceLabel(p.pricePaise, p.weight, p.weightUnit);
  // A tag name from the two allowed, never from the caller's text.
  const h = raw(headingLevel === 'h2' ? 'h2' : 'h3');
  return html`<article class="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md" data-product-id="${p.id}">${
    p.discountPercent > 0 &&
    html`<span class="absolute left-2 top-2 z-10 rounded-md bg-sale-600 px-2 py-0.5 text-xs font-semibold text-white">${p.discountPercent}% OFF</span>`
  }<div class="absolute right-2 top-2 z-10">${wishlistHeart(p.id, name, 'card', wishlisted)}</div>${cardImage(p.image, eager)}<div class="flex flex-1 flex-col gap-1 p-3"><${h} class="line-clamp-2 text-sm font-semibold leading-snug text-slate-900">${
    unavailable
      ? name
      : html`<a href="/product/${p.id}" class="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-700">${name}</a>`
  }</${h}><p class="text-xs text-slate-600">${packSize(p.weight, p.weightUnit)}</p><p class="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1"><span class="text-base font-bold text-slate-900">${formatPaise(p.pricePaise)}</span>${
    p.mrpPaise > p.pricePaise &&
    html`<s class="text-xs text-slate-600"><span class="sr-only">MRP </span>${formatPaise(p.mrpPaise)}</s>`
  }${unit && html`<span class="w-full text-xs text-slate-600" data-unit-price>${unit}</span>`}</p>${
    unavailable
      ? html`<p class="text-xs font-semibold text-sale-600">No longer available</p>`
      : soldOut && html`<p class="text-xs font-semibold text-sale-600">Out of stock</p>`
  }${
    timesOrdered !== undefined &&
    html`<p class="text-xs text-slate-600">Ordered ${timesOrdered} ${timesOrdered === 1 ? 'time' : 'times'}</p>`
  }${
    unavailable
      ? wishlisted && html`<div class="relative z-10 mt-2">${removeButton(p.id, name)}</div>`
      : cartControl(p, name, soldOut, options.returnTo, wishlisted)
  }</div></article>`;
}

/** The card's Add form and stepper, with the wishlist page's Remove button under them. */
function cartControl(p: CardProduct, name: SafeHtml, soldOut: boolean, returnTo: string, removable: boolean): SafeHtml {
  return html`<div class="relative z-10 mt-2" data-card-cart data-product-id="${p.id}" data-name="${name}"><form method="post" action="/cart/add" data-card-add><input type="hidden" name="product_id" value="${p.id}"><input type="hidden" name="next" value="${safeNextPath(returnTo)}"><button type="submit"${soldOut && raw(' disabled')} aria-label="${soldOut ? html`${name} is out of stock` : html`Add ${name} to cart`}" class="${soldOut ? CARD_SOLD_OUT_BUTTON : CARD_ADD_BUTTON}">${soldOut ? 'Out of Stock' : 'Add'}</button></form>${!soldOut && stepper(name)}${removable && removeButton(p.id, name)}</div>`;
}

/** The wishlist page's Remove button (its script: islands/WishlistPage.ts). */
function removeButton(productId: number, name: SafeHtml): SafeHtml {
  return html`<button type="button" data-wishlist-remove data-product-id="${productId}" aria-label="Remove ${name} from wishlist" class="${CARD_REMOVE_BUTTON}">Remove</button>`;
}

/**
 * A card's product from the API's product JSON (server/catalog-json.ts `productJson`: money in
 * rupees, the spec's field names), for cards drawn in the browser.
 */
export function cardProductFromJson(
  p: Pick<
    ProductCardJson,
    'id' | 'name' | 'product_image' | 'price' | 'offer_price' | 'discountPercentage' | 'weight' | 'weightUnit' | 'stock'
  >,
): CardProduct {
  return {
    id: p.id,
    name: p.name,
    image: p.product_image,
    pricePaise: rupeesToPaise(p.offer_price),
    mrpPaise: rupeesToPaise(p.price),
    discountPercent: p.discountPercentage,
    weight: p.weight,
    weightUnit: p.weightUnit,
    stock: p.stock,
  };
}
