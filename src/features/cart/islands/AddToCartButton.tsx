/**
 * The small "Add" button of a product card (spec 000 §2 listing cards, §4 "Add to cart per
 * product": idle, then Adding... with the button disabled, then idle; toast "Item added to
 * cart" for 3 s). Out of stock: disabled, reading "Out of Stock". A guest gets the login
 * dialog and the item is added after the login. Hydrated with `client:interact`: the first
 * click hydrates it and is replayed. Before the script has loaded, or without JavaScript, the
 * button submits its form, `POST /cart/add` (cart/server/form-add.ts), which adds the item
 * (or signs a guest in first) and comes back to this page with the message (issue 15).
 */
import { useState, type FormEvent } from 'react';
import { addToCart } from '../store.ts';

interface Props {
  productId: number;
  name: string;
  stock: number;
  /** The page to come back to after a form add (its path and query); default the product page. */
  returnTo?: string;
}

export default function AddToCartButton({ productId, name, stock, returnTo }: Props) {
  const [pending, setPending] = useState(false);
  const outOfStock = stock <= 0;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await addToCart(productId, 1);
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" action="/cart/add" onSubmit={(e) => void onSubmit(e)}>
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="next" value={returnTo ?? `/product/${productId}`} />
      <button
        type="submit"
        disabled={outOfStock || pending}
        aria-label={outOfStock ? `${name} is out of stock` : pending ? `Adding ${name}...` : `Add ${name} to cart`}
        className={`relative z-10 mt-2 inline-flex h-9 w-full items-center justify-center gap-1.5 rounded-lg text-sm font-semibold transition ${
          outOfStock
            ? 'cursor-not-allowed bg-slate-100 text-slate-600'
            : 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-700 hover:text-white disabled:cursor-wait disabled:opacity-70'
        }`}
      >
        {outOfStock ? 'Out of Stock' : pending ? 'Adding...' : 'Add'}
      </button>
    </form>
  );
}
