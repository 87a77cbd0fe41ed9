/**
 * One product's form in the back office (/admin/products/{id}): name, description, highlights
 * and photos (the photo manager: upload, reorder, cover, remove), category and subcategory, pack size and unit, tax rate, and price,
 * MRP, stock and active. Save sends only what changed; field errors show beside their fields and
 * the result is announced.
 */
import { type FormEvent, useId, useState } from 'react';
import PhotoManager from '#features/media/islands/PhotoManager.tsx';
import { callRoute } from '#lib/http/client.ts';
import { adminFailure, fieldErrors, paiseInput, typedRupeesToPaise } from '#lib/ui/admin-errors.ts';
import { buttonPrimary } from '#lib/ui/controls.tsx';
import { type AdminProduct, MAX_PRODUCT_IMAGES, PACK_UNITS } from '../admin-rules.ts';
import type { updateAdminProductRoute } from '../contract.ts';

const input =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2 text-base text-slate-900 focus:border-brand-700';

interface CategoryOption {
  id: number;
  name: string;
  subcategories: { id: number; name: string }[];
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export default function AdminProductForm({
  product: initial,
  categories,
}: {
  product: AdminProduct;
  categories: CategoryOption[];
}) {
  const [product, setProduct] = useState(initial);
  const [form, setForm] = useState(() => formOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const subs = categories.find((c) => String(c.id) === form.category)?.subcategories ?? [];
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  async function save(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const price = typedRupeesToPaise(form.price);
    const mrp = typedRupeesToPaise(form.mrp);
    if (price === null) problems.price_paise = 'The price must be an amount in rupees, e.g. 45.50.';
    if (mrp === null) problems.mrp_paise = 'The MRP must be an amount in rupees, e.g. 50.00.';
    if (!/^\d{1,7}$/.test(form.stock.trim())) problems.stock = 'The stock must be a whole number, 0 or more.';
    if (form.weight.trim() && !(Number(form.weight) > 0)) problems.weight = 'The pack size must be a number above 0.';
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(form.tax.trim())) problems.tax_percent = 'The tax rate must be a number, e.g. 5.';
    if (Object.keys(problems).length) {
      setErrors(problems);
      setStatus({ error: true, text: 'Please correct the marked fields.' });
      return;
    }
    const next = {
      name: form.name.trim(),
      description: form.description.trim() || null,
      highlights: lines(form.highlights),
      images: form.images,
      category_id: Number(form.category),
      subcategory_id: Number(form.subcategory),
      weight: form.weight.trim() ? Number(form.weight) : null,
      weight_unit: (form.unit || null) as (typeof PACK_UNITS)[number] | null,
      tax_percent: Number(form.tax),
      price_paise: price!,
      mrp_paise: mrp!,
      stock: Number(form.stock),
      is_active: form.active === 'yes',
    };
    const current = {
      name: product.name,
      description: product.description,
      highlights: product.highlights,
      images: product.images,
      category_id: product.categoryId,
      subcategory_id: product.subcategoryId,
      weight: product.weight,
      weight_unit: product.weightUnit,
      tax_percent: product.taxPercent,
      price_paise: product.pricePaise,
      mrp_paise: product.mrpPaise,
      stock: product.stock,
      is_active: product.isActive,
    };
    const body = Object.fromEntries(
      Object.entries(next).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key as keyof typeof current]),
      ),
    );
    if (!Object.keys(body).length) return setStatus({ error: false, text: 'Nothing changed.' });
    setBusy(true);
    setErrors({});
    try {
      const { data } = await callRoute<typeof updateAdminProductRoute>('PATCH /api/admin/products/{id}', {
        params: { id: product.id },
        body,
      });
      setProduct(data.product);
      setForm(formOf(data.product));
      setStatus({ error: false, text: 'Saved. The shop shows the change within a second.' });
    } catch (err) {
      setErrors(fieldErrors(err));
      setStatus({ error: true, text: adminFailure(err) });
    } finally {
      setBusy(false);
    }
  }

  const field = (key: string) =>
    errors[key] ? (
      <span id={`${id}-${key}-error`} className="mt-1 block text-sm text-red-700">
        {errors[key]}
      </span>
    ) : null;
  const described = (key: string) =>
    errors[key] ? { 'aria-describedby': `${id}-${key}-error`, 'aria-invalid': true } : {};

  return (
    <form noValidate onSubmit={save} className="grid max-w-3xl gap-4 md:grid-cols-2">
      <label className="text-sm font-medium text-slate-800 md:col-span-2">
        Name
        <input className={input} value={form.name} onChange={set('name')} {...described('name')} />
        {field('name')}
      </label>
      <label className="text-sm font-medium text-slate-800 md:col-span-2">
        Description
        <textarea className={input} rows={4} value={form.description} onChange={set('description')} />
        {field('description')}
      </label>
      <label className="text-sm font-medium text-slate-800">
        Highlights (one per line)
        <textarea className={input} rows={4} value={form.highlights} onChange={set('highlights')} />
        {field('highlights')}
      </label>
      <div className="md:col-span-2">
        <PhotoManager
          value={form.images}
          onChange={(images) => setForm((f) => ({ ...f, images }))}
          max={MAX_PRODUCT_IMAGES}
          error={errors.images}
        />
      </div>
      <label className="text-sm font-medium text-slate-800">
        Category
        <select
          className={input}
          value={form.category}
          onChange={(e) => {
            const first = categories.find((c) => String(c.id) === e.target.value)?.subcategories[0];
            setForm({ ...form, category: e.target.value, subcategory: first ? String(first.id) : '' });
          }}
        >
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Subcategory
        <select
          className={input}
          value={form.subcategory}
          onChange={set('subcategory')}
          {...described('subcategory_id')}
        >
          {subs.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {field('subcategory_id')}
      </label>
      <label className="text-sm font-medium text-slate-800">
        Pack size
        <input
          className={input}
          inputMode="decimal"
          value={form.weight}
          onChange={set('weight')}
          {...described('weight')}
        />
        {field('weight')}
      </label>
      <label className="text-sm font-medium text-slate-800">
        Unit
        <select className={input} value={form.unit} onChange={set('unit')}>
          <option value="">None</option>
          {PACK_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Tax rate (GST %)
        <input
          className={input}
          inputMode="decimal"
          value={form.tax}
          onChange={set('tax')}
          {...described('tax_percent')}
        />
        {field('tax_percent')}
      </label>
      <label className="text-sm font-medium text-slate-800">
        On sale
        <select className={input} value={form.active} onChange={set('active')}>
          <option value="yes">Yes: shown in the shop</option>
          <option value="no">No: hidden from the shop</option>
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Price (₹)
        <input
          className={input}
          inputMode="decimal"
          value={form.price}
          onChange={set('price')}
          {...described('price_paise')}
        />
        {field('price_paise')}
      </label>
      <label className="text-sm font-medium text-slate-800">
        MRP (₹)
        <input
          className={input}
          inputMode="decimal"
          value={form.mrp}
          onChange={set('mrp')}
          {...described('mrp_paise')}
        />
        {field('mrp_paise')}
      </label>
      <label className="text-sm font-medium text-slate-800">
        Stock (units)
        <input
          className={input}
          inputMode="numeric"
          value={form.stock}
          onChange={set('stock')}
          {...described('stock')}
        />
        {field('stock')}
      </label>
      <div className="flex items-end md:col-span-2">
        <button type="submit" className={`${buttonPrimary} h-11 px-6`} disabled={busy}>
          Save product
        </button>
      </div>
      <p role="status" className={`text-sm md:col-span-2 ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
        {status?.text}
      </p>
    </form>
  );
}

function formOf(p: AdminProduct) {
  return {
    name: p.name,
    description: p.description ?? '',
    highlights: p.highlights.join('\n'),
    images: p.images,
    category: String(p.categoryId),
    subcategory: String(p.subcategoryId),
    weight: p.weight === null ? '' : String(p.weight),
    unit: p.weightUnit ?? '',
    tax: String(p.taxPercent),
    price: paiseInput(p.pricePaise),
    mrp: paiseInput(p.mrpPaise),
    stock: String(p.stock),
    active: p.isActive ? 'yes' : 'no',
  };
}
