/**
 * The small "Add" button of a product card (spec 000 §2 listing cards, §4 "Add to cart per
 * product": idle, then Adding... with the button disabled, then idle; toast "Item added to
 * cart" for 3 s). Out of stock: disabled, reading "Out of Stock". A guest gets the login
 * dialog and the item is added after the login. Hydrated with `client:interact`: the first
 * click hydrates it and is replayed.
 */
import { useState } from 'react';
import { addToCart } from '../store.ts';

interface Props {
  productId: number;
  name: string;
  stock: number;
}

export default function AddToCartButton({ productId, name, stock }: Props) {
  const [pending, setPending] = useState(false);
  const outOfStock = stock <= 0;

  async function onClick() {
    setPending(true);
    try {
      await addToCart(productId, 1);
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void onClick()}
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
  );
}
