/**
 * "Buy again" on the home page and My Account: products from the signed-in
 * customer's delivered orders (GET /api/customer/buy-again: most often bought first, in stock
 * only), each as the product card every listing shows (catalog's product-card.ts, drawn here
 * from the same template, with its "Ordered N times" line): the heart, and a form posting to
 * /cart/add with an "Add" button and a − qty + stepper, made to work in place by the cards' one
 * script (catalog/islands/ProductCardActions.ts), so one tap adds one unit and the stepper follows
 * the cart store.
 *
 * The server renders nothing here, so the home page's HTML stays the same for everyone and the
 * anonymous page cache keeps working: the island asks the API only when the session store says
 * signed in (the readable hint cookie), asks again after a login on the page, and shows nothing
 * for a guest, on a 401, on a failure or when nothing was delivered yet. The home page hydrates
 * it with `client:signedin` (src/client-directives/signedin.ts), so a guest there downloads none
 * of it until they sign in.
 */

import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { $session } from '#features/auth/store.ts';
import { cardProductFromJson, productCard } from '#features/catalog/rules.ts';
import { callRoute } from '#lib/http/client.ts';
import type { DataOut } from '#lib/http/contract.ts';
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
  // Each card's markup, escaped by the card's template; the card script changes it in place
  // (stepper, heart), which React leaves alone while the markup stays the same.
  const cards = useMemo(
    () =>
      products.map((p) => ({
        id: p.id,
        html: productCard(cardProductFromJson(p), { returnTo, timesOrdered: p.times_ordered }).html,
      })),
    [products, returnTo],
  );

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
    if (products.length) void import('#features/catalog/islands/AddedProductCards.ts').then((m) => m.showAddedCards());
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
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5">
        {cards.map((card) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the card template's SafeHtml, every value in it escaped (catalog/product-card.ts).
          <li key={card.id} className="grid" dangerouslySetInnerHTML={{ __html: card.html }} />
        ))}
      </ul>
    </section>
  );
}

export default BuyAgain;
