/**
 * "Buy again" on the home page and My Account: products from the signed-in
 * customer's delivered orders (GET /api/customer/buy-again: most often bought first, in stock
 * only), each with the product card's cart control: a form posting to /cart/add with an "Add"
 * button and a − qty + stepper, made to work in place by the cards' one script
 * (catalog/islands/ProductCardActions.ts), so one tap adds one unit and the stepper follows the cart store.
 *
 * The server renders nothing here, so the home page's HTML stays the same for everyone and the
 * anonymous page cache keeps working: the island asks the API only when the session store says
 * signed in (the readable hint cookie), asks again after a login on the page, and shows nothing
 * for a guest, on a 401, on a failure or when nothing was delivered yet. The home page hydrates
 * it with `client:signedin` (src/client-directives/signedin.ts), so a guest there downloads none
 * of it until they sign in.
 */
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { callRoute } from '#lib/http/client.ts';
import type { DataOut } from '#lib/http/contract.ts';
import { formatPaise, rupeesToPaise } from '#lib/money.ts';
import { $session } from '#features/auth/store.ts';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '#lib/images.ts';
import { packSize } from '#features/catalog/rules.ts';
import { CARD_ADD_BUTTON, CARD_QTY, CARD_STEP_BUTTON, CARD_STEPPER } from '#features/catalog/rules.ts';
import type { buyAgainRoute } from '../contract.ts';

type Product = DataOut<typeof buyAgainRoute>['products'][number];

interface Props {
  /** Where a form add (before hydration of the button) comes back to, e.g. "/" or "/my-account". */
  returnTo: string;
  /** Extra classes for the section (spacing on the page that holds it). */
  className?: string;
}

function BuyAgain({ returnTo, className = '' }: Props) {
  const { signedIn } = useStore($session);
  const [products, setProducts] = useState<Product[]>([]);
  const headingId = useId();

  useEffect(() => {
    if (!signedIn) {
      setProducts([]);
      return;
    }
    const controller = new AbortController();
    callRoute<typeof buyAgainRoute>('GET /api/customer/buy-again', { signal: controller.signal })
      .then(({ data }) => setProducts(data.products))
      .catch((err) => {
        // Nothing to show is the right answer for a guest or a failure: the page works without it.
        if (!controller.signal.aborted) console.warn('Buy again did not load', err);
      });
    return () => controller.abort();
  }, [signedIn]);

  useEffect(() => {
    // The cards' script (browser only; once per page even when the page's cards load it too).
    if (products.length)
      void import('#features/catalog/islands/ProductCardActions.ts').then(() =>
        window.dispatchEvent(new Event('ff:cards-added')),
      );
  }, [products]);

  if (!signedIn || products.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className={className} data-buy-again>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl">
          Buy again
        </h2>
        <p className="text-sm text-slate-600">From your delivered orders</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {products.map((p) => (
          <li key={p.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <a
              href={`/product/${p.id}`}
              className="group flex flex-1 flex-col gap-1 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
            >
              <span className="flex aspect-square items-center justify-center rounded-lg bg-brand-50 p-4">
                <img
                  src={p.product_image || PLACEHOLDER_IMAGE}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                  decoding="async"
                  onError={showPlaceholder}
                  className="h-full w-full object-contain"
                />
              </span>
              <span className="mt-1 line-clamp-2 text-sm font-semibold leading-snug text-slate-900 group-hover:text-brand-700">
                {p.name}
              </span>
              {packSize(p.weight, p.weightUnit) && (
                <span className="text-xs text-slate-600">{packSize(p.weight, p.weightUnit)}</span>
              )}
              <span className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
                <span className="text-base font-bold text-slate-900">{formatPaise(rupeesToPaise(p.offer_price))}</span>
                {p.price > p.offer_price && (
                  <s className="text-xs text-slate-600">
                    <span className="sr-only">MRP </span>
                    {formatPaise(rupeesToPaise(p.price))}
                  </s>
                )}
              </span>
              <span className="text-xs text-slate-600">
                Ordered {p.times_ordered} {p.times_ordered === 1 ? 'time' : 'times'}
              </span>
            </a>
            <CardCartControl product={p} returnTo={returnTo} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The product card's cart control (the markup of catalog/components/product-card-html.ts; ProductCardActions.ts drives it). */
function CardCartControl({ product, returnTo }: { product: Product; returnTo: string }) {
  return (
    <div className="relative z-10 mt-2" data-card-cart data-product-id={product.id} data-name={product.name}>
      <form method="post" action="/cart/add" data-card-add>
        <input type="hidden" name="product_id" value={product.id} />
        <input type="hidden" name="next" value={returnTo} />
        <button type="submit" aria-label={`Add ${product.name} to cart`} className={CARD_ADD_BUTTON}>
          Add
        </button>
      </form>
      <fieldset data-card-stepper hidden className={CARD_STEPPER}>
        <legend className="sr-only">{product.name} in cart</legend>
        <button
          type="button"
          data-step="-1"
          aria-label={`Decrease quantity of ${product.name}`}
          className={CARD_STEP_BUTTON}
        >
          −
        </button>
        <output
          data-card-qty
          aria-live="polite"
          aria-label={`Quantity of ${product.name} in cart`}
          className={CARD_QTY}
        >
          0
        </output>
        <button
          type="button"
          data-step="1"
          aria-label={`Increase quantity of ${product.name}`}
          className={CARD_STEP_BUTTON}
        >
          +
        </button>
      </fieldset>
    </div>
  );
}

export default BuyAgain;
