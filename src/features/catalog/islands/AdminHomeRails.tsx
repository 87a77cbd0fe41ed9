/**
 * The back office's home rails (/admin/home-rails): the home page's product rails in order. A
 * rail shows products staff choose (search, add, order, remove) or a rule's (deals, new,
 * bestsellers), with a title, how many products and whether it is active; rails move up or down
 * and can be deleted. With no active rail the home page shows its first products. Results are
 * announced.
 */
import { type FormEvent, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { adminFailure } from '#lib/ui/admin-errors.ts';
import { buttonDanger, buttonPrimary, buttonSecondary, ConfirmDialog } from '#lib/ui/controls.tsx';
import { editButtonId, useEditFormFocus, useStaffList } from '#lib/ui/staff-list.ts';
import type { adminProductsRoute } from '../admin-contract.ts';
import type {
  adminRailsRoute,
  createRailRoute,
  deleteRailRoute,
  moveRailRoute,
  updateRailRoute,
} from '../taxonomy-contract.ts';
import { type AdminRail, MAX_RAIL_PRODUCTS, RAIL_RULE_LABELS, RAIL_RULES, type RailRule } from '../taxonomy-rules.ts';
import { adminInput } from './AdminImageField.tsx';

type Picked = { id: number; name: string };
interface Form {
  title: string;
  rule: RailRule;
  products: Picked[];
  limit: string;
  isActive: boolean;
}
const EMPTY: Form = { title: '', rule: 'chosen', products: [], limit: '10', isActive: true };
const small = `${buttonSecondary} min-h-9 px-3`;

/** Search the catalogue and pick products, in order. */
function ProductPicker({
  picked,
  onChange,
  error,
}: {
  picked: Picked[];
  onChange: (picked: Picked[]) => void;
  error?: string;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Picked[] | null>(null);
  const [message, setMessage] = useState('');
  async function search(event: FormEvent | { preventDefault(): void }) {
    event.preventDefault();
    try {
      const { data } = await callRoute<typeof adminProductsRoute>('GET /api/admin/products', {
        query: { q: q.trim() || undefined },
      });
      const list = data.products.slice(0, 10).map((p) => ({ id: p.id, name: p.name }));
      setFound(list);
      setMessage(list.length ? `${list.length} found.` : 'No product matches.');
    } catch (err) {
      setMessage(adminFailure(err));
    }
  }
  const swap = (i: number, j: number) => {
    const next = [...picked];
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset className="min-w-0 rounded-md border border-slate-200 p-3 md:col-span-2">
      <legend className="px-1 text-sm font-semibold text-slate-800">Chosen products, in order</legend>
      {picked.length === 0 ? (
        <p className="text-sm text-slate-700">None yet: search below and add some.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {picked.map((p, i) => (
            <li key={p.id} className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 break-words text-sm text-slate-900">
                {i + 1}. {p.name}
              </span>
              <button type="button" className={small} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                Up<span className="sr-only"> {p.name}</span>
              </button>
              <button type="button" className={small} disabled={i === picked.length - 1} onClick={() => swap(i, i + 1)}>
                Down<span className="sr-only"> {p.name}</span>
              </button>
              <button type="button" className={small} onClick={() => onChange(picked.filter((x) => x.id !== p.id))}>
                Remove<span className="sr-only"> {p.name}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
      <div className="mt-3 flex min-w-0 flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-sm font-medium text-slate-800" htmlFor={`${id}-q`}>
          Find a product
          <input
            id={`${id}-q`}
            type="search"
            className={adminInput}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void search(e);
            }}
          />
        </label>
        <button type="button" className={buttonSecondary} onClick={(e) => void search(e)}>
          Search
        </button>
      </div>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {message}
      </p>
      {found && found.length > 0 && (
        <ul className="mt-1 flex flex-col gap-1">
          {found.map((p) => (
            <li key={p.id} className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 flex-1 break-words text-sm">{p.name}</span>
              <button
                type="button"
                className={small}
                disabled={picked.some((x) => x.id === p.id) || picked.length >= MAX_RAIL_PRODUCTS}
                onClick={() => onChange([...picked, p])}
              >
                Add<span className="sr-only"> {p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The add or edit form of a rail. */
function RailForm({
  formLabel,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  onCorrected,
}: {
  formLabel: string;
  initial: Form;
  submitLabel: string;
  onSubmit: (form: Form) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
  /** Called when every field message has been corrected: the status line's refusal no longer applies. */
  onCorrected?: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { first, onKeyDown } = useEditFormFocus(onCancel);
  /**
   * Takes the changed form; the messages of the fields `keys` no longer apply once they change,
   * and the refusal on the status line goes with the last of them (`onCorrected`).
   */
  function change(next: Partial<Form>, ...keys: string[]) {
    setForm({ ...form, ...next });
    if (!keys.some((key) => errors[key])) return;
    const kept = Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));
    setErrors(kept);
    if (Object.keys(kept).length === 0) onCorrected?.();
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const problems = await onSubmit(form);
    setBusy(false);
    setErrors(problems ?? {});
    if (!problems && !onCancel) setForm(EMPTY);
  }
  const err = (key: string) =>
    errors[key] ? (
      <span id={`${id}-${key}`} className="mt-1 block text-sm text-red-700">
        {errors[key]}
      </span>
    ) : null;
  const describedBy = (key: string) =>
    errors[key] ? { 'aria-describedby': `${id}-${key}`, 'aria-invalid': true as const } : {};
  const label = 'min-w-0 text-sm font-medium text-slate-800';
  return (
    <form
      noValidate
      aria-label={formLabel}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      className="grid min-w-0 gap-4 md:grid-cols-2"
    >
      <label className={label}>
        Title
        <input
          ref={first}
          className={adminInput}
          value={form.title}
          onChange={(e) => change({ title: e.target.value }, 'title')}
          {...describedBy('title')}
        />
        {err('title')}
      </label>
      <label className={label}>
        Products shown
        <select
          className={adminInput}
          value={form.rule}
          onChange={(e) => change({ rule: e.target.value as RailRule }, 'rule', 'product_ids')}
        >
          {RAIL_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {RAIL_RULE_LABELS[rule]}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        How many products at most (1 to {MAX_RAIL_PRODUCTS})
        <input
          className={adminInput}
          inputMode="numeric"
          value={form.limit}
          onChange={(e) => change({ limit: e.target.value }, 'product_limit')}
          {...describedBy('product_limit')}
        />
        {err('product_limit')}
      </label>
      <label className="flex items-center gap-2 self-end text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={form.isActive}
          onChange={(e) => change({ isActive: e.target.checked }, 'is_active')}
        />
        Active
      </label>
      {form.rule === 'chosen' && (
        <ProductPicker
          picked={form.products}
          onChange={(products) => change({ products }, 'product_ids')}
          error={errors.product_ids}
        />
      )}
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={buttonSecondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** The JSON a form sends (a rule rail keeps no chosen products). */
const bodyOf = (form: Form) => ({
  title: form.title,
  rule: form.rule,
  product_ids: form.rule === 'chosen' ? form.products.map((p) => p.id) : [],
  product_limit: /^\d{1,3}$/.test(form.limit.trim()) ? Number(form.limit.trim()) : Number.NaN,
  is_active: form.isActive,
});

export default function AdminHomeRails() {
  const {
    items: rails,
    status,
    run,
    focusFirst: setFocus,
    clearError,
  } = useStaffList('rails', () => callRoute<typeof adminRailsRoute>('GET /api/admin/home-rails', {}));
  const [editing, setEditing] = useState<number | null>(null);
  // Closing an edit form (Cancel, Escape or a saved change) hands the focus back to its Edit button.
  function closeEdit(id: number) {
    setEditing(null);
    setFocus([editButtonId('rail', id)]);
  }
  const [deleting, setDeleting] = useState<AdminRail | null>(null);
  const id = useId();

  async function move(r: AdminRail, direction: 'up' | 'down') {
    const problems = await run(
      () =>
        callRoute<typeof moveRailRoute>('POST /api/admin/home-rails/{id}/move', {
          params: { id: r.id },
          body: { direction },
        }),
      `${r.title} moved ${direction}.`,
    );
    if (!problems)
      setFocus([`move-rail-${r.id}-${direction}`, `move-rail-${r.id}-${direction === 'up' ? 'down' : 'up'}`]);
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p role="status" className={`text-sm ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
        {status?.text}
      </p>
      <section aria-labelledby={`${id}-list`} className="min-w-0">
        <h2 id={`${id}-list`} className="text-lg font-semibold text-slate-900">
          Rails, in the home page’s order
        </h2>
        {!rails ? (
          <p>Loading…</p>
        ) : rails.length === 0 ? (
          <p className="mt-2 text-slate-700">No rails yet: the home page shows its first products.</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-4">
            {rails.map((r, i) => (
              <li key={r.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
                {editing === r.id ? (
                  <RailForm
                    onCorrected={clearError}
                    initial={{
                      title: r.title,
                      rule: r.rule,
                      products: r.products,
                      limit: String(r.productLimit),
                      isActive: r.isActive,
                    }}
                    formLabel={`Edit ${r.title}`}
                    submitLabel="Save rail"
                    onCancel={() => closeEdit(r.id)}
                    onSubmit={async (form) => {
                      const problems = await run(
                        () =>
                          callRoute<typeof updateRailRoute>('PATCH /api/admin/home-rails/{id}', {
                            params: { id: r.id },
                            body: bodyOf(form),
                          }),
                        'Rail saved.',
                      );
                      if (!problems) closeEdit(r.id);
                      return problems;
                    }}
                  />
                ) : (
                  <div className="min-w-0">
                    <h3 className="break-words font-semibold text-slate-900">{r.title}</h3>
                    <p className="text-sm text-slate-700">
                      {r.isActive ? 'Shown' : 'Switched off'} · {RAIL_RULE_LABELS[r.rule]} · up to {r.productLimit}
                    </p>
                    {r.rule === 'chosen' && (
                      <p className="break-words text-sm text-slate-700">{r.products.map((p) => p.name).join(', ')}</p>
                    )}
                    <div className="mt-2 flex flex-wrap gap-2">
                      {(['up', 'down'] as const).map((direction) => (
                        <button
                          key={direction}
                          id={`move-rail-${r.id}-${direction}`}
                          type="button"
                          className={small}
                          disabled={direction === 'up' ? i === 0 : i === rails.length - 1}
                          onClick={() => void move(r, direction)}
                        >
                          {direction === 'up' ? 'Move up' : 'Move down'}
                          <span className="sr-only"> {r.title}</span>
                        </button>
                      ))}
                      <button
                        type="button"
                        className={small}
                        id={editButtonId('rail', r.id)}
                        onClick={() => setEditing(r.id)}
                      >
                        Edit<span className="sr-only"> {r.title}</span>
                      </button>
                      <button type="button" className={`${buttonDanger} min-h-9 px-3`} onClick={() => setDeleting(r)}>
                        Delete<span className="sr-only"> {r.title}</span>
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby={`${id}-new`} className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={`${id}-new`} className="mb-3 text-lg font-semibold text-slate-900">
          Add a rail
        </h2>
        <RailForm
          onCorrected={clearError}
          initial={EMPTY}
          formLabel="New rail"
          submitLabel="Add rail"
          onSubmit={(form) =>
            run(
              () => callRoute<typeof createRailRoute>('POST /api/admin/home-rails', { body: bodyOf(form) }),
              `Rail ${form.title.trim()} added.`,
            )
          }
        />
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this rail?"
        message={`${deleting?.title ?? ''} leaves the home page; deleting it cannot be undone (switch it off to keep it).`}
        confirmLabel="Delete rail"
        onConfirm={() => {
          const r = deleting;
          if (!r) return;
          void run(
            () => callRoute<typeof deleteRailRoute>('DELETE /api/admin/home-rails/{id}', { params: { id: r.id } }),
            'Rail deleted.',
          ).then(() => setDeleting(null));
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
