/**
 * The product card (src/features/catalog/product-card.ts), the one source of every card's markup
 * on the server and in Buy again: a product's texts are escaped wherever they go, an image URL
 * that is not a path on this site or an http(s) URL shows the placeholder, and the Add form's
 * return path is one `safeNextPath` accepts. The wishlist page's cards add a Remove button and
 * say when a product is no longer sold.
 */
import { describe, expect, it } from 'vitest';
import { type CardProduct, cardProductFromJson, productCard, wishlistHeart } from '#features/catalog/rules.ts';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';

const mango: CardProduct = {
  id: 7,
  name: 'Alphonso Mango',
  image: '/media/emoji/1f96d.svg',
  pricePaise: 38050,
  mrpPaise: 42000,
  discountPercent: 9,
  weight: 1,
  weightUnit: 'kg',
  stock: 12,
};

const HOSTILE = `<script>alert(1)</script> "x" 'y' & z`;
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &#39;y&#39; &amp; z';

const card = (p: Partial<CardProduct> = {}, returnTo = '/category/1/subcategories') =>
  productCard({ ...mango, ...p }, { returnTo }).html;
const imageOf = (markup: string) => /<img src="([^"]*)"/.exec(markup)?.[1];
const nextOf = (markup: string) => /<input type="hidden" name="next" value="([^"]*)">/.exec(markup)?.[1];

describe('product card', () => {
  it('escapes a hostile name in the heading, every label, the data attribute and the heart', () => {
    const markup = card({ name: HOSTILE });
    expect(markup).toContain(`focus-visible:after:ring-brand-700">${ESCAPED}</a></h3>`);
    expect(markup).toContain(`aria-label="Wishlist ${ESCAPED}"`);
    expect(markup).toContain(`data-card-cart data-product-id="7" data-name="${ESCAPED}">`);
    expect(markup).toContain(`aria-label="Add ${ESCAPED} to cart"`);
    expect(markup).toContain(`<legend class="sr-only">${ESCAPED} in cart</legend>`);
    expect(markup).toContain(`aria-label="Decrease quantity of ${ESCAPED}"`);
    expect(markup).toContain(`aria-label="Quantity of ${ESCAPED} in cart"`);
    expect(markup).toContain(`aria-label="Increase quantity of ${ESCAPED}"`);
    expect(markup.split(ESCAPED)).toHaveLength(9);
    expect(markup).not.toContain('<script');
    expect(markup).not.toContain(`"x"`);
    expect(card({ name: HOSTILE, stock: 0 })).toContain(`aria-label="${ESCAPED} is out of stock"`);
  });

  it('escapes a hostile pack size', () => {
    const markup = card({ weight: 500, weightUnit: HOSTILE });
    expect(markup).toContain(`<p class="text-xs text-slate-600">500 ${ESCAPED}</p>`);
    expect(markup).not.toContain('<script');
  });

  it('writes the name, prices and the stepper in their own characters', () => {
    const markup = card({ name: 'Kerala Banana – ഏത്തപ്പഴം' });
    expect(markup).toContain('>Kerala Banana – ഏത്തപ്പഴം</a>');
    expect(markup).toContain('<span class="text-base font-bold text-slate-900">₹380.50</span>');
    expect(markup).toContain('<s class="text-xs text-slate-600"><span class="sr-only">MRP </span>₹420.00</s>');
    expect(markup).toContain('>9% OFF</span>');
    expect(markup).toContain('>−</button>');
  });

  it('shows the placeholder for an image URL that is neither a path on this site nor http(s)', () => {
    for (const image of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '/\t/evil.example/x.png',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'ftp://files.example/x.png',
      'media/x.png',
      '',
    ]) {
      expect(imageOf(card({ image })), image).toBe(PLACEHOLDER_IMAGE);
    }
    expect(imageOf(card())).toBe('/media/emoji/1f96d.svg');
    expect(imageOf(card({ image: 'https://cdn.example/mango.jpg' }))).toBe('https://cdn.example/mango.jpg');
    expect(imageOf(card({ image: 'http://cdn.example/a.jpg?w=1&h="2"' }))).toBe(
      'http://cdn.example/a.jpg?w=1&amp;h=&quot;2&quot;',
    );
  });

  it('sends the Add form back to the page, or to / when safeNextPath refuses the path', () => {
    expect(nextOf(card({}, '/search?q=dal&sort=asc'))).toBe('/search?q=dal&amp;sort=asc');
    for (const returnTo of ['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', '']) {
      expect(nextOf(card({}, returnTo)), returnTo).toBe('/');
    }
  });

  it('is an "Out of Stock" button without a stepper when the stock is 0, "Add" with one otherwise', () => {
    const soldOut = card({ stock: 0 });
    expect(soldOut).toContain('<button type="submit" disabled aria-label="Alphonso Mango is out of stock"');
    expect(soldOut).toContain('>Out of Stock</button>');
    expect(soldOut).toContain('<p class="text-xs font-semibold text-sale-600">Out of stock</p>');
    expect(soldOut).not.toContain('data-card-stepper');
    const inStock = card();
    expect(inStock).toContain('<button type="submit" aria-label="Add Alphonso Mango to cart"');
    expect(inStock).toContain('<fieldset data-card-stepper hidden');
  });

  it('draws the name at the heading level asked for, the image eager when asked', () => {
    const first = productCard(mango, { returnTo: '/', headingLevel: 'h2', eager: true }).html;
    expect(first).toMatch(/<h2 class="[^"]*"><a href="\/product\/7" [^>]*>Alphonso Mango<\/a><\/h2>/);
    expect(first).toContain('loading="eager" decoding="async" fetchpriority="high"');
    expect(card()).toContain('loading="lazy" decoding="async" class=');
  });

  it('says how often a product was ordered only when told (Buy again)', () => {
    expect(card()).not.toContain('Ordered');
    const again = (n: number) => productCard(mango, { returnTo: '/', timesOrdered: n }).html;
    expect(again(1)).toContain('<p class="text-xs text-slate-600">Ordered 1 time</p>');
    expect(again(3)).toContain('<p class="text-xs text-slate-600">Ordered 3 times</p>');
  });

  it('on the wishlist page: the heart pressed and a Remove button, its label escaped', () => {
    const saved = productCard({ ...mango, name: HOSTILE }, { returnTo: '/wishlist', wishlisted: true }).html;
    expect(saved).toContain('aria-pressed="true"');
    expect(saved).toContain(
      `<button type="button" data-wishlist-remove data-product-id="7" aria-label="Remove ${ESCAPED} from wishlist"`,
    );
    expect(saved).toContain(`aria-label="Add ${ESCAPED} to cart"`);
    expect(saved).not.toContain('<script');
    expect(card()).toContain('aria-pressed="false"');
    expect(card()).not.toContain('data-wishlist-remove');
  });

  it('says a product no longer sold is no longer available, with no Add and no link to its page', () => {
    const gone = productCard(mango, { returnTo: '/wishlist', wishlisted: true, unavailable: true }).html;
    expect(gone).toContain('<p class="text-xs font-semibold text-sale-600">No longer available</p>');
    expect(gone).toContain('>Alphonso Mango</h3>');
    expect(gone).not.toContain('href="/product/7"');
    expect(gone).not.toContain('data-card-add');
    expect(gone).toContain('aria-label="Remove Alphonso Mango from wishlist"');
  });

  it('draws a product from the API JSON as the server draws it from the summary', () => {
    const json = {
      id: 7,
      name: 'Alphonso Mango',
      product_image: '/media/emoji/1f96d.svg',
      price: 420,
      offer_price: 380.5,
      discountPercentage: 9,
      weight: 1,
      weightUnit: 'kg',
      stock: 12,
    };
    expect(productCard(cardProductFromJson(json), { returnTo: '/' }).html).toBe(
      productCard(mango, { returnTo: '/' }).html,
    );
  });
});

describe('wishlist heart', () => {
  it('escapes the name in its label, on a card and on the product page', () => {
    expect(wishlistHeart(7, HOSTILE).html).toContain(`aria-label="Wishlist ${ESCAPED}" class="group/heart`);
    expect(wishlistHeart(7, HOSTILE, 'page').html).toMatch(/ inline-flex h-11 w-11 /);
  });
});
