/**
 * One row of the back office's product list: the product's name (a link to its page), SKU and
 * category (and the declarations it lacks), and its price, MRP, stock and active switch edited in place and saved with the row's
 * Save button (only what changed is sent). The row collapses to a card on a phone; its save is
 * announced.
 */
import { type FormEvent, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { adminFailure, paiseInput } from '#lib/ui/admin-errors.ts';
import { buttonPrimary } from '#lib/ui/controls.tsx';
import { type AdminProduct, typedPrice } from '../admin-rules.ts';
import type { updateAdminProductRoute } from '../contract.ts';
import { DECLARATION_NAMES } from '../declarations.ts';
import { adminInput as input } from './admin-product-classes.ts';

export default function AdminProductRow({
  product,
  onSaved,
}: {
  product: AdminProduct;
  onSaved: (p: AdminProduct) => void;
}) {
  const [price, setPrice] = useState(paiseInput(product.pricePaise));
  const [mrp, setMrp] = useState(paiseInput(product.mrpPaise));
  const [stock, setStock] = useState(String(product.stock));
  const [active, setActive] = useState(product.isActive);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  /** The boxes show the saved figures as the row first did: rupees with two decimals ("70.00", not the "70" typed). */
  function showSaved(saved: AdminProduct) {
    setPrice(paiseInput(saved.pricePaise));
    setMrp(paiseInput(saved.mrpPaise));
    setStock(String(saved.stock));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, number | boolean> = {};
    // Checked as the product form and the server check them: an amount, more than ₹0, at most the maximum.
    const priceRead = typedPrice('The price', price, '45.50');
    const mrpRead = typedPrice('The MRP', mrp, '50.00');
    const units = /^\d{1,7}$/.test(stock.trim()) ? Number(stock.trim()) : null;
    if ('error' in priceRead) return setStatus({ error: true, text: priceRead.error });
    if ('error' in mrpRead) return setStatus({ error: true, text: mrpRead.error });
    if (units === null) return setStatus({ error: true, text: 'The stock must be a whole number, 0 or more.' });
    const pricePaise = priceRead.paise;
    const mrpPaise = mrpRead.paise;
    if (pricePaise !== product.pricePaise) body.price_paise = pricePaise;
    if (mrpPaise !== product.mrpPaise) body.mrp_paise = mrpPaise;
    if (units !== product.stock) body.stock = units;
    if (active !== product.isActive) body.is_active = active;
    if (!Object.keys(body).length) {
      showSaved(product);
      return setStatus({ error: false, text: 'Nothing changed.' });
    }
    setBusy(true);
    try {
      const { data } = await callRoute<typeof updateAdminProductRoute>('PATCH /api/admin/products/{id}', {
        params: { id: product.id },
        body,
      });
      onSaved(data.product);
      showSaved(data.product);
      setStatus({
        error: false,
        text: `Saved: ${formatPaise(data.product.pricePaise)}, ${data.product.stock} in stock.`,
      });
    } catch (err) {
      // Nothing was saved: the Active box shows the saved state again, as the row's label does.
      setActive(product.isActive);
      setStatus({ error: true, text: adminFailure(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="border-t border-slate-200 px-3 py-3">
      <form
        noValidate
        onSubmit={save}
        aria-label={product.name}
        className="grid grid-cols-2 items-end gap-x-3 gap-y-2 md:grid-cols-[minmax(0,3fr)_7rem_7rem_6rem_5rem_auto]"
      >
        <div className="col-span-2 min-w-0 md:col-span-1">
          <a
            href={`/admin/products/${product.id}`}
            className="font-medium text-brand-800 underline-offset-2 hover:underline"
          >
            {product.name}
          </a>
          <p className="text-sm text-slate-600">
            {product.sku} · {product.categoryName}
            {product.stock === 0 && <span className="ml-2 font-semibold text-red-700">Out of stock</span>}
            {product.archivedAt ? (
              <span className="ml-2 font-semibold text-slate-700">Archived</span>
            ) : (
              !product.isActive && <span className="ml-2 font-semibold text-slate-700">Inactive</span>
            )}
          </p>
          {product.declarationGaps.length > 0 && (
            <p className="text-sm text-amber-900">
              Missing declarations: {product.declarationGaps.map((g) => DECLARATION_NAMES[g]).join(', ')}
            </p>
          )}
        </div>
        <label className="text-sm text-slate-700" htmlFor={`${id}-price`}>
          <span className="md:sr-only">Price (₹)</span>
          <input
            id={`${id}-price`}
            className={input}
            inputMode="decimal"
            value={price}
            aria-label={`Price of ${product.name} in rupees`}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
        <label className="text-sm text-slate-700" htmlFor={`${id}-mrp`}>
          <span className="md:sr-only">MRP (₹)</span>
          <input
            id={`${id}-mrp`}
            className={input}
            inputMode="decimal"
            value={mrp}
            aria-label={`MRP of ${product.name} in rupees`}
            onChange={(e) => setMrp(e.target.value)}
          />
        </label>
        <label className="text-sm text-slate-700" htmlFor={`${id}-stock`}>
          <span className="md:sr-only">Stock</span>
          <input
            id={`${id}-stock`}
            className={input}
            inputMode="numeric"
            value={stock}
            aria-label={`Stock of ${product.name}`}
            onChange={(e) => setStock(e.target.value)}
          />
        </label>
        <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={active}
            aria-label={`${product.name} is on sale`}
            onChange={(e) => setActive(e.target.checked)}
          />
          <span className="md:sr-only">Active</span>
        </label>
        <button type="submit" className={`${buttonPrimary} h-10 px-4`} disabled={busy}>
          Save<span className="sr-only"> {product.name}</span>
        </button>
        <p
          role="status"
          className={`col-span-2 text-sm md:col-span-6 ${status?.error ? 'text-red-700' : 'text-slate-700'}`}
        >
          {status?.text}
        </p>
      </form>
    </li>
  );
}
