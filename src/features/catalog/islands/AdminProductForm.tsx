/**
 * The back office's product form, for a new product (/admin/products/new) and for an existing one
 * (/admin/products/{id}): SKU, name, brand, category and subcategory (the subcategories follow the
 * category), pack size and unit, MRP and price in rupees, GST rate (the slabs) and HSN code,
 * stock, description, additional information, highlights (one per line), images, the declarations
 * a listing carries (sold loose, manufacturer, packer, importer, country of origin, shelf life,
 * consumer care, FSSAI licence, veg / non-veg; declarations.ts) and the on-sale switch. A packaged
 * product goes on sale only with its declarations: the missing ones are named on their fields. A new product is sent whole; an edit sends only what changed. An existing product can be
 * archived, restored or deleted below the form. Field errors show beside their fields (checked
 * here first, then by the server) and every result is announced.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import PhotoManager from '#features/media/islands/PhotoManager.tsx';
import { callRoute } from '#lib/http/client.ts';
import { adminFailure, fieldErrors, paiseInput } from '#lib/ui/admin-errors.ts';
import { buttonDanger, buttonPrimary, buttonSecondary, ConfirmDialog } from '#lib/ui/controls.tsx';
import {
  type AdminProduct,
  GST_SLABS,
  HSN_PATTERN,
  MAX_PRODUCT_IMAGES,
  PACK_UNITS,
  SKU_PATTERN,
  typedPrice,
} from '../admin-rules.ts';
import type {
  archiveAdminProductRoute,
  createAdminProductRoute,
  deleteAdminProductRoute,
  restoreAdminProductRoute,
  updateAdminProductRoute,
} from '../contract.ts';
import {
  DECLARATION_FIELD_NAMES,
  DECLARATION_MESSAGES,
  type DeclarationFields,
  FOOD_MARK_LABELS,
  FOOD_MARKS,
  type FoodMark,
  FSSAI_PATTERN,
  gapErrors,
  normaliseFssai,
  publishGaps,
} from '../declarations.ts';

const input =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2 text-base text-slate-900 focus:border-brand-700 aria-[invalid=true]:border-red-700';
const labelClass = 'text-sm font-medium text-slate-800';

interface CategoryOption {
  id: number;
  name: string;
  /** false: deactivated, so its products are hidden from the shop. */
  active: boolean;
  subcategories: { id: number; name: string; active: boolean }[];
}

/** An option's text: a deactivated category or subcategory reads "Sweets (hidden)". */
const optionLabel = (o: { name: string; active: boolean }) => (o.active ? o.name : `${o.name} (hidden)`);

type Unit = (typeof PACK_UNITS)[number];

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The fields with a message, in the order the form shows them. */
const FIELD_ORDER = [
  'sku',
  'name',
  'brand',
  'stock',
  'category_id',
  'subcategory_id',
  'weight',
  'weight_unit',
  'mrp_paise',
  'price_paise',
  'tax_percent',
  'hsn_code',
  'description',
  'additional_information',
  'highlights',
  ...DECLARATION_FIELD_NAMES,
] as const;

/** A GST rate as the select shows it. */
const gstLabel = (rate: number) => (rate === 0 ? '0 % (nil rated)' : `${rate} %`);

/** The form's fields as typed (strings), from a product or blank. */
function formOf(p: AdminProduct | null, categories: CategoryOption[]) {
  // A new product starts in the first category the shop shows, and its first shown subcategory.
  const first = categories.find((c) => c.active) ?? categories[0];
  const category = p ? p.categoryId : first?.id;
  const sub = p ? p.subcategoryId : (first?.subcategories.find((s) => s.active) ?? first?.subcategories[0])?.id;
  return {
    sku: p?.sku ?? '',
    name: p?.name ?? '',
    brand: p?.brand ?? '',
    category: category === undefined ? '' : String(category),
    subcategory: sub === undefined ? '' : String(sub),
    weight: p?.weight == null ? '' : String(p.weight),
    unit: p?.weightUnit ?? '',
    mrp: p ? paiseInput(p.mrpPaise) : '',
    price: p ? paiseInput(p.pricePaise) : '',
    tax: String(p?.taxPercent ?? 0),
    hsn: p?.hsnCode ?? '',
    stock: String(p?.stock ?? 0),
    description: p?.description ?? '',
    additional: p?.additionalInformation ?? '',
    highlights: (p?.highlights ?? []).join('\n'),
    images: p?.images ?? [],
    active: p?.isActive ?? true,
    loose: p?.soldLoose ?? false,
    manufacturer: p?.manufacturer ?? '',
    packer: p?.packer ?? '',
    importer: p?.importer ?? '',
    country: p ? (p.countryOfOrigin ?? '') : 'India',
    shelfLife: p?.shelfLife ?? '',
    care: p?.consumerCare ?? '',
    fssai: p?.fssaiLicence ?? '',
    foodMark: (p?.foodMark ?? '') as FoodMark | '',
  };
}

type Form = ReturnType<typeof formOf>;

/** The typed form checked and turned into the API's fields, or the field messages. */
function readForm(form: Form, isNew: boolean) {
  const problems: Record<string, string> = {};
  // An amount, more than ₹0, at most the maximum: the server's checks, with its messages.
  const priceRead = typedPrice('The price', form.price, '45 or 45.50');
  const mrpRead = typedPrice('The MRP', form.mrp, '50 or 49.50');
  const price = 'paise' in priceRead ? priceRead.paise : null;
  const mrp = 'paise' in mrpRead ? mrpRead.paise : null;
  if (isNew && !form.sku.trim()) problems.sku = 'Enter a SKU.';
  else if (isNew && !SKU_PATTERN.test(form.sku.trim()))
    problems.sku = 'The SKU can have letters, digits, dots, dashes, underscores and slashes only.';
  if (!form.name.trim()) problems.name = 'Enter the name.';
  if (!form.category) problems.category_id = 'Choose a category.';
  if (!form.subcategory) problems.subcategory_id = 'Choose a subcategory.';
  if ('error' in mrpRead) problems.mrp_paise = mrpRead.error;
  if ('error' in priceRead) problems.price_paise = priceRead.error;
  else if (price !== null && mrp !== null && price > mrp) problems.price_paise = 'The price cannot be above the MRP.';
  if (!/^\d{1,7}$/.test(form.stock.trim())) problems.stock = 'The stock must be a whole number, 0 or more.';
  if (form.weight.trim() && !(Number(form.weight) > 0)) problems.weight = 'The pack size must be a number above 0.';
  if (form.hsn.trim() && !HSN_PATTERN.test(form.hsn.trim()))
    problems.hsn_code = 'The HSN code must be 4, 6 or 8 digits, e.g. 0702.';
  const fssai = normaliseFssai(form.fssai);
  if (fssai && !FSSAI_PATTERN.test(fssai)) problems.fssai_licence = DECLARATION_MESSAGES.fssai;
  const fields = {
    name: form.name.trim(),
    brand: form.brand.trim() || null,
    category_id: Number(form.category),
    subcategory_id: Number(form.subcategory),
    weight: form.weight.trim() ? Number(form.weight) : null,
    weight_unit: (form.unit || null) as Unit | null,
    mrp_paise: mrp ?? 0,
    price_paise: price ?? 0,
    tax_percent: Number(form.tax),
    hsn_code: form.hsn.trim() || null,
    stock: Number(form.stock.trim()),
    description: form.description.trim() || null,
    additional_information: form.additional.trim() || null,
    highlights: lines(form.highlights),
    images: form.images,
    is_active: form.active,
    sold_loose: form.loose,
    manufacturer: form.manufacturer.trim() || null,
    packer: form.packer.trim() || null,
    importer: form.importer.trim() || null,
    country_of_origin: form.country.trim() || null,
    shelf_life: form.shelfLife.trim() || null,
    consumer_care: form.care.trim() || null,
    fssai_licence: fssai || null,
    food_mark: form.foodMark || null,
  };
  return { problems, fields };
}

/** The form field each field message (API name) belongs to. */
const FORM_FIELD: Partial<Record<string, keyof Form>> = {
  sku: 'sku',
  name: 'name',
  brand: 'brand',
  stock: 'stock',
  category_id: 'category',
  subcategory_id: 'subcategory',
  weight: 'weight',
  weight_unit: 'unit',
  mrp_paise: 'mrp',
  price_paise: 'price',
  tax_percent: 'tax',
  hsn_code: 'hsn',
  description: 'description',
  additional_information: 'additional',
  highlights: 'highlights',
  images: 'images',
  is_active: 'active',
  sold_loose: 'loose',
  manufacturer: 'manufacturer',
  packer: 'packer',
  importer: 'importer',
  country_of_origin: 'country',
  shelf_life: 'shelfLife',
  consumer_care: 'care',
  fssai_licence: 'fssai',
  food_mark: 'foodMark',
};

/** Messages that may stop holding when another field changes: the price against the MRP, the declarations. */
const LINKED = new Set<string>(['price_paise', 'weight', 'weight_unit', ...DECLARATION_FIELD_NAMES]);

/** The declarations of a form's fields, as the publishing rule reads them. */
const declared = (f: ReturnType<typeof readForm>['fields']): DeclarationFields & { is_active: boolean } => ({
  manufacturer: f.manufacturer,
  packer: f.packer,
  importer: f.importer,
  country_of_origin: f.country_of_origin,
  shelf_life: f.shelf_life,
  consumer_care: f.consumer_care,
  fssai_licence: f.fssai_licence,
  food_mark: f.food_mark,
  sold_loose: f.sold_loose,
  weight: f.weight,
  weight_unit: f.weight_unit,
  is_active: f.is_active,
});

/**
 * The product form; without `product` it adds one. `notice` (e.g. "Product added.") is shown above
 * the form, where the page opens, in a status region filled once the form is ready (so it is
 * announced) and given the focus, so it is seen on a phone as well as heard.
 */
export default function AdminProductForm({
  product: initial,
  categories,
  notice,
  mediaBase = '/media',
}: {
  product?: AdminProduct;
  categories: CategoryOption[];
  notice?: string;
  /** Where stored images are served from (the MEDIA_BASE_URL setting, `/media` by default), for the photos' previews. */
  mediaBase?: string;
}) {
  const isNew = !initial;
  const [product, setProduct] = useState<AdminProduct | null>(initial ?? null);
  const [form, setForm] = useState(() => formOf(initial ?? null, categories));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [shownNotice, setShownNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!notice) return;
    setShownNotice(notice);
    // A reload of the page does not announce the notice again.
    const url = new URL(window.location.href);
    url.searchParams.delete('added');
    window.history.replaceState(window.history.state, '', url);
  }, [notice]);
  useEffect(() => {
    if (shownNotice) noticeRef.current?.focus();
  }, [shownNotice]);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const id = useId();
  const subs = categories.find((c) => String(c.id) === form.category)?.subcategories ?? [];
  /** The product's declarations as stored (null for a new one), as the publishing rule compares them. */
  const storedDeclarations = () => (product ? declared(readForm(formOf(product, categories), false).fields) : null);
  /**
   * Takes the changed form and drops the field messages that no longer hold: a changed field's
   * message once its value is valid (a linked one, such as the price against the MRP or a missing
   * declaration, once the rule passes); a message that still holds stays until the next submit.
   */
  function change(next: Form) {
    setForm(next);
    if (Object.keys(errors).length === 0) return;
    const { problems, fields } = readForm(next, isNew);
    for (const [key, message] of Object.entries(gapErrors(publishGaps(storedDeclarations(), declared(fields)))))
      problems[key] ??= message;
    const kept = Object.fromEntries(
      Object.entries(errors).filter(([key]) => {
        const field = FORM_FIELD[key];
        const changed = field !== undefined && next[field] !== form[field];
        return problems[key] !== undefined || !(changed || LINKED.has(key));
      }),
    );
    if (Object.keys(kept).length === Object.keys(errors).length) return;
    setErrors(kept);
    // Every marked field corrected: "Please correct the marked fields." no longer applies either.
    if (Object.keys(kept).length === 0 && status?.error) setStatus(null);
  }
  const set = (key: keyof Form) => (e: { target: { value: string } }) => change({ ...form, [key]: e.target.value });
  const archived = product?.archivedAt != null;
  const taxOptions: number[] = [...GST_SLABS];
  if (!taxOptions.includes(Number(form.tax))) taxOptions.push(Number(form.tax));

  async function save(event: FormEvent) {
    event.preventDefault();
    const { problems, fields } = readForm(form, isNew);
    // The publishing rule the server applies too: a packaged product goes on sale with its declarations.
    const gaps = publishGaps(storedDeclarations(), declared(fields));
    // Only missing declarations: the status names them; other mistakes come first.
    const onlyGaps = gaps.length > 0 && Object.keys(problems).length === 0;
    for (const [key, message] of Object.entries(gapErrors(gaps))) problems[key] ??= message;
    if (Object.keys(problems).length) {
      setErrors(problems);
      setStatus({
        error: true,
        text: onlyGaps
          ? `${DECLARATION_MESSAGES.refused(gaps)} Fill them in, or save it off sale.`
          : 'Please correct the marked fields.',
      });
      focusFirst(problems);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      if (!product) {
        const { data } = await callRoute<typeof createAdminProductRoute>('POST /api/admin/products', {
          body: { sku: form.sku.trim(), ...fields },
        });
        setStatus({ error: false, text: 'Product added. Opening it…' });
        window.location.assign(`/admin/products/${data.product.id}?added=1`);
        return;
      }
      const current = readForm(formOf(product, categories), false).fields;
      const body = Object.fromEntries(
        Object.entries(fields).filter(
          ([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key as keyof typeof current]),
        ),
      );
      if (!Object.keys(body).length) {
        // The same values typed another way ("70" for 70.00) read as saved.
        setForm(formOf(product, categories));
        return setStatus({ error: false, text: 'Nothing changed.' });
      }
      const { data } = await callRoute<typeof updateAdminProductRoute>('PATCH /api/admin/products/{id}', {
        params: { id: product.id },
        body,
      });
      setProduct(data.product);
      setForm(formOf(data.product, categories));
      setStatus({ error: false, text: 'Saved. The shop shows the change within a second.' });
    } catch (err) {
      setErrors(fieldErrors(err));
      setStatus({ error: true, text: adminFailure(err) });
      focusFirst(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  }

  /** Moves focus to the first field with a message, once it is shown. */
  function focusFirst(problems: Record<string, string>) {
    const first = FIELD_ORDER.find((key) => problems[key]);
    if (first) setTimeout(() => document.getElementById(`${id}-${first}`)?.focus());
  }

  async function archiveOrRestore() {
    if (!product) return;
    setBusy(true);
    try {
      const { data, message } = archived
        ? await callRoute<typeof restoreAdminProductRoute>('POST /api/admin/products/{id}/restore', {
            params: { id: product.id },
          })
        : await callRoute<typeof archiveAdminProductRoute>('POST /api/admin/products/{id}/archive', {
            params: { id: product.id },
          });
      setProduct(data.product);
      setForm(formOf(data.product, categories));
      setStatus({ error: false, text: message ?? 'Done.' });
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!product) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await callRoute<typeof deleteAdminProductRoute>('DELETE /api/admin/products/{id}', {
        params: { id: product.id },
      });
      window.location.assign(`/admin/products?deleted=${encodeURIComponent(product.sku)}`);
    } catch (err) {
      setDeleteError(adminFailure(err));
      setBusy(false);
    }
  }

  /**
   * One labelled field: the label, the control (given its id, and its hint and error as its
   * description), the hint and the error below it.
   */
  const field = (
    key: string,
    label: string,
    control: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode,
    { hint, wide }: { hint?: string; wide?: boolean } = {},
  ) => {
    const described = [hint ? `${id}-${key}-hint` : '', errors[key] ? `${id}-${key}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className={wide ? 'md:col-span-2' : undefined}>
        <label htmlFor={`${id}-${key}`} className={labelClass}>
          {label}
        </label>
        {control({
          id: `${id}-${key}`,
          ...(described ? { 'aria-describedby': described } : {}),
          ...(errors[key] ? { 'aria-invalid': true as const } : {}),
        })}
        {hint && (
          <p id={`${id}-${key}-hint`} className="mt-1 text-xs text-slate-700">
            {hint}
          </p>
        )}
        {errors[key] && (
          <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700">
            {errors[key]}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <p
        ref={noticeRef}
        role="status"
        tabIndex={-1}
        className={
          shownNotice
            ? 'rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-semibold text-slate-900'
            : 'sr-only'
        }
      >
        {shownNotice}
      </p>
      <form
        noValidate
        onSubmit={save}
        aria-label={isNew ? 'New product' : 'Product details'}
        className="grid gap-4 md:grid-cols-2"
      >
        {field(
          'sku',
          isNew ? 'SKU (required)' : 'SKU',
          (p) => (
            <input
              {...p}
              className={`${input} read-only:bg-slate-100`}
              value={form.sku}
              onChange={set('sku')}
              readOnly={!isNew}
              autoComplete="off"
            />
          ),
          { hint: isNew ? 'Your own code for this product; no two products share one.' : 'A SKU does not change.' },
        )}
        {field('name', 'Name (required)', (p) => (
          <input {...p} className={input} value={form.name} onChange={set('name')} />
        ))}
        {field('brand', 'Brand', (p) => (
          <input {...p} className={input} value={form.brand} onChange={set('brand')} />
        ))}
        {field('stock', 'Stock (units)', (p) => (
          <input {...p} className={input} inputMode="numeric" value={form.stock} onChange={set('stock')} />
        ))}
        {field('category_id', 'Category', (p) => (
          <select
            {...p}
            className={input}
            value={form.category}
            onChange={(e) => {
              const first = categories.find((c) => String(c.id) === e.target.value)?.subcategories[0];
              change({ ...form, category: e.target.value, subcategory: first ? String(first.id) : '' });
            }}
          >
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {optionLabel(c)}
              </option>
            ))}
          </select>
        ))}
        {field('subcategory_id', 'Subcategory', (p) => (
          <select {...p} className={input} value={form.subcategory} onChange={set('subcategory')}>
            {subs.map((s) => (
              <option key={s.id} value={s.id}>
                {optionLabel(s)}
              </option>
            ))}
          </select>
        ))}
        {field(
          'weight',
          'Pack size',
          (p) => (
            <input {...p} className={input} inputMode="decimal" value={form.weight} onChange={set('weight')} />
          ),
          { hint: 'With the unit, the net quantity the listing shows.' },
        )}
        {field('weight_unit', 'Unit', (p) => (
          <select {...p} className={input} value={form.unit} onChange={set('unit')}>
            <option value="">None</option>
            {PACK_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        ))}
        {field('mrp_paise', 'MRP (₹, required)', (p) => (
          <input {...p} className={input} inputMode="decimal" value={form.mrp} onChange={set('mrp')} />
        ))}
        {field(
          'price_paise',
          'Price (₹, required)',
          (p) => (
            <input {...p} className={input} inputMode="decimal" value={form.price} onChange={set('price')} />
          ),
          { hint: 'At or below the MRP; up to 2 decimals.' },
        )}
        {field('tax_percent', 'GST rate', (p) => (
          <select {...p} className={input} value={form.tax} onChange={set('tax')}>
            {taxOptions.map((rate) => (
              <option key={rate} value={String(rate)}>
                {gstLabel(rate)}
              </option>
            ))}
          </select>
        ))}
        {field(
          'hsn_code',
          'HSN code',
          (p) => (
            <input {...p} className={input} inputMode="numeric" value={form.hsn} onChange={set('hsn')} />
          ),
          { hint: '4, 6 or 8 digits, printed on the GST invoice; optional.' },
        )}
        {field(
          'description',
          'Description',
          (p) => (
            <textarea {...p} className={input} rows={4} value={form.description} onChange={set('description')} />
          ),
          { wide: true },
        )}
        {field(
          'additional_information',
          'Additional information',
          (p) => (
            <textarea {...p} className={input} rows={3} value={form.additional} onChange={set('additional')} />
          ),
          { wide: true, hint: 'Storage, origin, shelf life: shown under the description in the shop.' },
        )}
        {field('highlights', 'Highlights (one per line)', (p) => (
          <textarea {...p} className={input} rows={4} value={form.highlights} onChange={set('highlights')} />
        ))}
        <fieldset
          className="grid gap-4 rounded-lg border border-slate-200 p-4 md:col-span-2 md:grid-cols-2"
          aria-describedby={`${id}-declarations-hint`}
        >
          <legend className="px-1 text-base font-semibold text-slate-900">Declarations</legend>
          <p id={`${id}-declarations-hint`} className="text-sm text-slate-700 md:col-span-2">
            What the product page shows under "Product information", as the packaging says. A packaged product goes on
            sale only with its maker, country of origin, pack size and unit, and food mark, and a food with its FSSAI
            licence and shelf life.
          </p>
          <div className="md:col-span-2">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                id={`${id}-sold_loose`}
                type="checkbox"
                className="h-5 w-5 accent-brand-700"
                checked={form.loose}
                onChange={(e) => change({ ...form, loose: e.target.checked })}
                aria-describedby={`${id}-sold_loose-hint`}
              />
              Sold loose (weighed at packing)
            </label>
            <p id={`${id}-sold_loose-hint`} className="mt-1 text-xs text-slate-700">
              Loose produce, such as vegetables and fruit, needs no packaged declarations.
            </p>
          </div>
          {field(
            'manufacturer',
            "Manufacturer's name and address",
            (p) => (
              <textarea {...p} className={input} rows={2} value={form.manufacturer} onChange={set('manufacturer')} />
            ),
            { wide: true },
          )}
          {field(
            'packer',
            "Packer's name and address",
            (p) => (
              <textarea {...p} className={input} rows={2} value={form.packer} onChange={set('packer')} />
            ),
            { hint: 'When someone else packed it; optional.' },
          )}
          {field(
            'importer',
            "Importer's name and address",
            (p) => (
              <textarea {...p} className={input} rows={2} value={form.importer} onChange={set('importer')} />
            ),
            { hint: 'Needed when it is made outside India.' },
          )}
          {field('country_of_origin', 'Country of origin', (p) => (
            <input {...p} className={input} value={form.country} onChange={set('country')} autoComplete="off" />
          ))}
          {field(
            'shelf_life',
            'Shelf life',
            (p) => (
              <input {...p} className={input} value={form.shelfLife} onChange={set('shelfLife')} />
            ),
            { hint: 'E.g. "Best before 6 months from packing".' },
          )}
          {field('food_mark', 'Veg or non-veg', (p) => (
            <select {...p} className={input} value={form.foodMark} onChange={set('foodMark')}>
              <option value="">Not declared</option>
              {FOOD_MARKS.map((m) => (
                <option key={m} value={m}>
                  {FOOD_MARK_LABELS[m]}
                </option>
              ))}
            </select>
          ))}
          {field(
            'fssai_licence',
            'FSSAI licence number',
            (p) => (
              <input {...p} className={input} inputMode="numeric" value={form.fssai} onChange={set('fssai')} />
            ),
            { hint: "The brand's licence: 14 digits, as on the pack; needed for a food." },
          )}
          {field(
            'consumer_care',
            'Consumer care',
            (p) => (
              <textarea {...p} className={input} rows={2} value={form.care} onChange={set('care')} />
            ),
            { wide: true, hint: "The maker's phone or e-mail for complaints; the shop's own when empty." },
          )}
        </fieldset>
        <div className="md:col-span-2">
          <PhotoManager
            value={form.images}
            onChange={(images) => setForm((f) => ({ ...f, images }))}
            max={MAX_PRODUCT_IMAGES}
            mediaBase={mediaBase}
            error={errors.images}
          />
        </div>
        <div className="md:col-span-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              checked={form.active}
              disabled={archived}
              onChange={(e) => change({ ...form, active: e.target.checked })}
              {...(archived || errors.is_active ? { 'aria-describedby': `${id}-active-note` } : {})}
            />
            On sale (shown in the shop)
          </label>
          {(archived || errors.is_active) && (
            <p
              id={`${id}-active-note`}
              className={`mt-1 text-sm ${errors.is_active ? 'text-red-700' : 'text-slate-700'}`}
            >
              {errors.is_active ?? 'Archived: restore it before putting it on sale.'}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3 md:col-span-2">
          <button type="submit" className={`${buttonPrimary} h-11 px-6`} disabled={busy}>
            {isNew ? 'Add product' : 'Save product'}
          </button>
          <a href="/admin/products" className={`${buttonSecondary} h-11 px-6`}>
            {isNew ? 'Cancel' : 'Back to products'}
          </a>
        </div>
        <p role="status" className={`text-sm md:col-span-2 ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
          {status?.text}
        </p>
      </form>

      {product && (
        <section aria-labelledby={`${id}-life`} className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id={`${id}-life`} className="text-lg font-semibold text-slate-900">
            Archive or delete
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {archived
              ? 'Archived: hidden from the shop and from the product list, kept on past orders and invoices. Restore brings it back off sale.'
              : 'Archive hides the product from the shop and the product list and keeps it on past orders and invoices. Delete removes a product that was never ordered.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="button" className={buttonSecondary} disabled={busy} onClick={archiveOrRestore}>
              {archived ? 'Restore product' : 'Archive product'}
            </button>
            <button
              type="button"
              className={buttonDanger}
              disabled={busy}
              onClick={() => {
                setDeleteError(null);
                setConfirmDelete(true);
              }}
            >
              Delete product
            </button>
          </div>
          <ConfirmDialog
            open={confirmDelete}
            title="Delete this product?"
            message={`${product.name} (SKU ${product.sku}) is deleted for good, with it in carts and wishlists. A product on past orders cannot be deleted: archive it instead.`}
            confirmLabel="Yes, delete it"
            busy={busy}
            error={deleteError}
            onConfirm={remove}
            onClose={() => setConfirmDelete(false)}
          />
        </section>
      )}
    </div>
  );
}
