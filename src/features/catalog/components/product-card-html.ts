/**
 * A product card (spec 000 §2 listing screen) and the wishlist heart, as markup: image, name,
 * weight and unit, price with tax, MRP struck through when higher, a percent-off badge only when
 * the offer is below the MRP, an out-of-stock label, the heart (`aria-pressed`), and the Add button
 * — a form posting to /cart/add, which works without JavaScript ("Out of Stock" and disabled when
 * the stock is 0) — beside a − qty + stepper that replaces "Add" once the product is in the cart.
 * No island: ../islands/ProductCardActions.ts (loaded by ProductGrid.astro and the product page)
 * makes them work in place, and the wishlist store keeps every heart current (catalog/store.ts).
 *
 * Written as a template rather than as an Astro component: a listing shows 20 cards and a
 * product page 10–17, and Astro's component calls per card (card, heart, heading) cost about
 * twenty times what this template does (a card here takes a microsecond or two). Every text of
 * the product is escaped (`escapeHtml`: fit for element content and double-quoted attributes,
 * #lib/html.ts); numbers, prices and the class constants go in as they are. Nothing is kept
 * between pages: a kept card would outlive the young generation and cost the collector more than
 * drawing it again.
 */
import { escapeHtml } from '#lib/html.ts';
import { formatPaise } from '#lib/money.ts';
import { unitPriceLabel } from '#lib/unit-price.ts';
import { packSize, type ProductSummary } from '../rules.ts';
import { CARD_ADD_BUTTON, CARD_QTY, CARD_SOLD_OUT_BUTTON, CARD_STEP_BUTTON, CARD_STEPPER } from '../card-classes.ts';

/** How a card is drawn: its image loaded eagerly (cards above the fold), its name's heading level. */
export interface CardVariant {
  eager: boolean;
  headingLevel: 'h2' | 'h3';
}

const HEART_PATH =
  'M12 20.5s-7.5-4.6-9.4-9.3C1.4 8.2 3.2 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.6 0 5.4 3.7 4.2 6.7-1.9 4.7-9.4 9.3-9.4 9.3Z';

/** The heart with its product's name already escaped. */
function heart(productId: number, escapedName: string, size: 'card' | 'page'): string {
  const box = size === 'page' ? 'h-11 w-11' : 'h-9 w-9';
  const icon = size === 'page' ? 'h-6 w-6' : 'h-5 w-5';
  return `<button type="button" data-wishlist-heart data-card-heart data-product-id="${productId}" aria-pressed="false" aria-label="Wishlist ${escapedName}" class="group/heart relative z-10 inline-flex ${box} items-center justify-center rounded-full border border-slate-200 bg-white/90 text-slate-700 shadow-sm transition hover:text-sale-600 aria-pressed:text-sale-600 disabled:opacity-60"><svg viewBox="0 0 24 24" class="${icon} fill-none group-aria-pressed/heart:fill-current" stroke="currentColor" stroke-width="2" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${HEART_PATH}"></path></svg></button>`;
}

/**
 * The wishlist heart (spec 000 §2, §4 "Wishlist toggle") of a card (`card`: a small round button
 * over the image) or of the product page (`page`: a larger one), as HTML for `set:html`.
 */
export function wishlistHeartHtml(productId: number, name: string, size: 'card' | 'page' = 'card'): string {
  return heart(productId, escapeHtml(name), size);
}

/** The stepper that replaces "Add" once the product is in the cart. */
function stepper(name: string): string {
  return `<fieldset data-card-stepper hidden class="${CARD_STEPPER}"><legend class="sr-only">${name} in cart</legend><button type="button" data-step="-1" aria-label="Decrease quantity of ${name}" class="${CARD_STEP_BUTTON}">−</button><output data-card-qty aria-live="polite" aria-label="Quantity of ${name} in cart" class="${CARD_QTY}">0</output><button type="button" data-step="1" aria-label="Increase quantity of ${name}" class="${CARD_STEP_BUTTON}">+</button></fieldset>`;
}

/**
 * A product's card for a page at `returnTo` (its path and query, where the Add form comes back
 * to without JavaScript), as HTML for `set:html`.
 */
export function productCardHtml(p: ProductSummary, { eager, headingLevel }: CardVariant, returnTo: string): string {
  const soldOut = p.stock <= 0;
  const name = escapeHtml(p.name);
  const unit = unitPriceLabel(p.pricePaise, p.weight, p.weightUnit);
  const h = headingLevel === 'h2' ? 'h2' : 'h3';
  const badge =
    p.discountPercent > 0
      ? `<span class="absolute left-2 top-2 z-10 rounded-md bg-sale-600 px-2 py-0.5 text-xs font-semibold text-white">${Number(p.discountPercent)}% OFF</span>`
      : '';
  const mrp =
    p.mrpPaise > p.pricePaise
      ? `<s class="text-xs text-slate-600"><span class="sr-only">MRP </span>${formatPaise(p.mrpPaise)}</s>`
      : '';
  return `<article class="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md" data-product-id="${p.id}">${badge}<div class="absolute right-2 top-2 z-10">${heart(p.id, name, 'card')}</div><div class="flex aspect-square items-center justify-center bg-brand-50 p-6"><img src="${escapeHtml(p.image)}" alt="" width="160" height="160" loading="${eager ? 'eager' : 'lazy'}" decoding="async"${eager ? ' fetchpriority="high"' : ''} class="h-full w-full object-contain transition group-hover:scale-105"></div><div class="flex flex-1 flex-col gap-1 p-3"><${h} class="line-clamp-2 text-sm font-semibold leading-snug text-slate-900"><a href="/product/${p.id}" class="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-700">${name}</a></${h}><p class="text-xs text-slate-600">${escapeHtml(packSize(p.weight, p.weightUnit))}</p><p class="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1"><span class="text-base font-bold text-slate-900">${formatPaise(p.pricePaise)}</span>${mrp}${unit ? `<span class="w-full text-xs text-slate-600" data-unit-price>${unit}</span>` : ''}</p>${soldOut ? '<p class="text-xs font-semibold text-sale-600">Out of stock</p>' : ''}<div class="relative z-10 mt-2" data-card-cart data-product-id="${p.id}" data-name="${name}"><form method="post" action="/cart/add" data-card-add><input type="hidden" name="product_id" value="${p.id}"><input type="hidden" name="next" value="${escapeHtml(returnTo)}"><button type="submit"${soldOut ? ' disabled' : ''} aria-label="${soldOut ? `${name} is out of stock` : `Add ${name} to cart`}" class="${soldOut ? CARD_SOLD_OUT_BUTTON : CARD_ADD_BUTTON}">${soldOut ? 'Out of Stock' : 'Add'}</button></form>${soldOut ? '' : stepper(name)}</div></div></article>`;
}
