/**
 * The back office's categories (/admin/categories): every category with its subcategories, in
 * the storefront's order. Add, rename and change the image (Edit), move up or down, deactivate
 * (hidden from the storefront with its products, kept for old orders) and reactivate, delete when
 * empty; the same for each category's subcategories. Every result is announced; after a move the
 * focus stays on the button pressed (or its twin, at an end of the list).
 */
import { type FormEvent, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { showPlaceholder } from '#lib/images.ts';
import { buttonDanger, buttonPrimary, buttonSecondary, ConfirmDialog } from '#lib/ui/controls.tsx';
import { editButtonId, useEditFormFocus, useStaffList } from '#lib/ui/staff-list.ts';
import type {
  adminCategoriesRoute,
  createCategoryRoute,
  createSubcategoryRoute,
  deleteCategoryRoute,
  deleteSubcategoryRoute,
  moveCategoryRoute,
  moveSubcategoryRoute,
  updateCategoryRoute,
  updateSubcategoryRoute,
} from '../taxonomy-contract.ts';
import type { AdminTaxon } from '../taxonomy-rules.ts';
import AdminImageField, { adminInput } from './AdminImageField.tsx';

type Kind = 'category' | 'subcategory';
const small = `${buttonSecondary} min-h-9 px-3`;

/** A name and image form: adding (empty) or editing (filled). */
function TaxonForm({
  legend,
  submitLabel,
  initial,
  onSubmit,
  onCancel,
  onCorrected,
}: {
  legend: string;
  submitLabel: string;
  initial?: { name: string; image: string };
  onSubmit: (value: { name: string; image: string | null }) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
  /** Called when every field message has been corrected: the status line's refusal no longer applies. */
  onCorrected?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [image, setImage] = useState(initial?.image ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { first, onKeyDown } = useEditFormFocus(onCancel);
  /** Drops the message of field `key` once it changes, and the status line's refusal with the last one. */
  function corrected(key: 'name' | 'image') {
    if (!errors[key]) return;
    const { [key]: _, ...kept } = errors;
    setErrors(kept);
    if (Object.keys(kept).length === 0) onCorrected?.();
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const problems = await onSubmit({ name, image: image.trim() || null });
    setBusy(false);
    setErrors(problems ?? {});
    if (!problems && !initial) {
      setName('');
      setImage('');
    }
  }
  return (
    <form
      noValidate
      aria-label={legend}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      className="grid min-w-0 gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]"
    >
      <label className="min-w-0 text-sm font-medium text-slate-800">
        Name
        <input
          ref={first}
          className={adminInput}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            corrected('name');
          }}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name` : undefined}
        />
        {errors.name && (
          <span id={`${id}-name`} className="mt-1 block text-sm text-red-700">
            {errors.name}
          </span>
        )}
      </label>
      <AdminImageField
        label="Image"
        value={image}
        onChange={(value) => {
          setImage(value);
          corrected('image');
        }}
        error={errors.image}
      />
      <div className="flex items-end gap-2">
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

/** One category's or subcategory's line: picture, name, state and its buttons (or its edit form). */
function TaxonRow({
  kind,
  taxon,
  first,
  last,
  act,
}: {
  kind: Kind;
  taxon: AdminTaxon;
  first: boolean;
  last: boolean;
  act: Actions;
}) {
  const [editing, setEditing] = useState(false);
  const what = kind === 'category' ? 'category' : 'subcategory';
  const editId = editButtonId(kind, taxon.id);
  // Closing the form (Cancel, Escape or a saved change) hands the focus back to the Edit button.
  function close() {
    setEditing(false);
    act.focus([editId]);
  }
  if (editing)
    return (
      <TaxonForm
        legend={`Edit ${what} ${taxon.name}`}
        submitLabel="Save"
        initial={{ name: taxon.name, image: taxon.image ?? '' }}
        onCancel={close}
        onCorrected={act.clearError}
        onSubmit={async (value) => {
          const problems = await act.update(kind, taxon, value);
          if (!problems) close();
          return problems;
        }}
      />
    );
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <img
        src={taxon.imageUrl}
        alt=""
        onError={showPlaceholder}
        className="h-12 w-12 shrink-0 rounded-md border border-slate-200 bg-slate-50 object-contain"
      />
      <div className="min-w-0 flex-1">
        <p className={`break-words font-semibold ${taxon.isActive ? 'text-slate-900' : 'text-slate-700 line-through'}`}>
          {taxon.name}
        </p>
        <p className="text-sm text-slate-700">
          {taxon.isActive ? 'Shown' : 'Hidden from the storefront'} · {taxon.productCount}{' '}
          {taxon.productCount === 1 ? 'product' : 'products'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {(['up', 'down'] as const).map((direction) => (
          <button
            key={direction}
            id={`move-${kind}-${taxon.id}-${direction}`}
            type="button"
            className={small}
            disabled={direction === 'up' ? first : last}
            onClick={() => void act.move(kind, taxon, direction)}
          >
            {direction === 'up' ? 'Move up' : 'Move down'}
            <span className="sr-only"> {taxon.name}</span>
          </button>
        ))}
        <button id={editId} type="button" className={small} onClick={() => setEditing(true)}>
          Edit<span className="sr-only"> {taxon.name}</span>
        </button>
        <button type="button" className={small} onClick={() => void act.toggle(kind, taxon)}>
          {taxon.isActive ? 'Deactivate' : 'Reactivate'}
          <span className="sr-only"> {taxon.name}</span>
        </button>
        {taxon.productCount === 0 && (
          <button type="button" className={`${buttonDanger} min-h-9 px-3`} onClick={() => act.askDelete(kind, taxon)}>
            Delete<span className="sr-only"> {taxon.name}</span>
          </button>
        )}
      </div>
    </div>
  );
}

/** The question asked before hiding a category or subcategory with products on sale. */
const hideQuestion = (taxon: AdminTaxon) =>
  `Hide ${taxon.name} and its ${taxon.onSaleCount} ${taxon.onSaleCount === 1 ? 'product' : 'products'} from the shop?`;

interface Actions {
  update(
    kind: Kind,
    taxon: AdminTaxon,
    value: { name: string; image: string | null },
  ): Promise<Record<string, string> | null>;
  move(kind: Kind, taxon: AdminTaxon, direction: 'up' | 'down'): Promise<void>;
  toggle(kind: Kind, taxon: AdminTaxon): Promise<void>;
  askDelete(kind: Kind, taxon: AdminTaxon): void;
  /** Focuses the first of these elements there after the next render. */
  focus(ids: string[]): void;
  /** Takes a refusal off the status line once its form's fields are corrected. */
  clearError(): void;
}

export default function AdminCategories() {
  const {
    items: tree,
    status,
    run,
    focusFirst: setFocus,
    clearError,
  } = useStaffList('categories', () => callRoute<typeof adminCategoriesRoute>('GET /api/admin/categories', {}));
  const [deleting, setDeleting] = useState<{ kind: Kind; taxon: AdminTaxon } | null>(null);
  const [hiding, setHiding] = useState<{ kind: Kind; taxon: AdminTaxon } | null>(null);
  const id = useId();

  // After a move, the pressed button keeps the focus (its twin when it became disabled at an end).

  const act: Actions = {
    update: (kind, taxon, value) =>
      run(
        () =>
          kind === 'category'
            ? callRoute<typeof updateCategoryRoute>('PATCH /api/admin/categories/{id}', {
                params: { id: taxon.id },
                body: value,
              })
            : callRoute<typeof updateSubcategoryRoute>('PATCH /api/admin/subcategories/{id}', {
                params: { id: taxon.id },
                body: value,
              }),
        `${value.name} saved.`,
      ),
    async move(kind, taxon, direction) {
      const problems = await run(
        () =>
          kind === 'category'
            ? callRoute<typeof moveCategoryRoute>('POST /api/admin/categories/{id}/move', {
                params: { id: taxon.id },
                body: { direction },
              })
            : callRoute<typeof moveSubcategoryRoute>('POST /api/admin/subcategories/{id}/move', {
                params: { id: taxon.id },
                body: { direction },
              }),
        `${taxon.name} moved ${direction}.`,
      );
      if (!problems) {
        const other = direction === 'up' ? 'down' : 'up';
        setFocus([`move-${kind}-${taxon.id}-${direction}`, `move-${kind}-${taxon.id}-${other}`]);
      }
    },
    async toggle(kind, taxon) {
      // Hiding products on sale is asked first; hiding an empty one or showing one again is not.
      if (taxon.isActive && taxon.onSaleCount > 0) setHiding({ kind, taxon });
      else await setActive(kind, taxon);
    },
    askDelete: (kind, taxon) => setDeleting({ kind, taxon }),
    focus: setFocus,
    clearError,
  };

  async function setActive(kind: Kind, taxon: AdminTaxon) {
    const is_active = !taxon.isActive;
    await run(
      () =>
        kind === 'category'
          ? callRoute<typeof updateCategoryRoute>('PATCH /api/admin/categories/{id}', {
              params: { id: taxon.id },
              body: { is_active },
            })
          : callRoute<typeof updateSubcategoryRoute>('PATCH /api/admin/subcategories/{id}', {
              params: { id: taxon.id },
              body: { is_active },
            }),
      is_active
        ? `${taxon.name} is shown on the storefront again.`
        : `${taxon.name} and its products are hidden from the storefront.`,
    );
  }

  async function confirmHide() {
    if (!hiding) return;
    await setActive(hiding.kind, hiding.taxon);
    setHiding(null);
  }

  async function confirmDelete() {
    if (!deleting) return;
    const { kind, taxon } = deleting;
    await run(
      () =>
        kind === 'category'
          ? callRoute<typeof deleteCategoryRoute>('DELETE /api/admin/categories/{id}', { params: { id: taxon.id } })
          : callRoute<typeof deleteSubcategoryRoute>('DELETE /api/admin/subcategories/{id}', {
              params: { id: taxon.id },
            }),
      `${taxon.name} deleted.`,
    );
    setDeleting(null);
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p role="status" className={`text-sm ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
        {status?.text}
      </p>
      <section aria-labelledby={`${id}-new`} className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={`${id}-new`} className="mb-3 text-lg font-semibold text-slate-900">
          Add a category
        </h2>
        <TaxonForm
          legend="New category"
          onCorrected={clearError}
          submitLabel="Add category"
          onSubmit={(value) =>
            run(
              () => callRoute<typeof createCategoryRoute>('POST /api/admin/categories', { body: value }),
              `Category ${value.name.trim()} added.`,
            )
          }
        />
      </section>
      <section aria-labelledby={`${id}-list`} className="min-w-0">
        <h2 id={`${id}-list`} className="text-lg font-semibold text-slate-900">
          Categories, in the storefront’s order
        </h2>
        {!tree ? (
          <p>Loading…</p>
        ) : tree.length === 0 ? (
          <p className="mt-2 text-slate-700">No categories yet: add the first one above.</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-4">
            {tree.map((category, i) => (
              <li key={category.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
                <h3 className="sr-only">{category.name}</h3>
                <TaxonRow kind="category" taxon={category} first={i === 0} last={i === tree.length - 1} act={act} />
                <div className="mt-4 border-l-2 border-slate-200 pl-3 sm:pl-6">
                  <h4 className="text-sm font-semibold text-slate-800">Subcategories of {category.name}</h4>
                  {category.subcategories.length === 0 ? (
                    <p className="mt-1 text-sm text-slate-700">None yet.</p>
                  ) : (
                    <ol className="mt-2 flex flex-col gap-3">
                      {category.subcategories.map((sub, j) => (
                        <li key={sub.id}>
                          <TaxonRow
                            kind="subcategory"
                            taxon={sub}
                            first={j === 0}
                            last={j === category.subcategories.length - 1}
                            act={act}
                          />
                        </li>
                      ))}
                    </ol>
                  )}
                  <details className="mt-3">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                      Add a subcategory to {category.name}
                    </summary>
                    <div className="mt-2">
                      <TaxonForm
                        legend={`New subcategory of ${category.name}`}
                        onCorrected={clearError}
                        submitLabel="Add subcategory"
                        onSubmit={(value) =>
                          run(
                            () =>
                              callRoute<typeof createSubcategoryRoute>(
                                'POST /api/admin/categories/{id}/subcategories',
                                {
                                  params: { id: category.id },
                                  body: value,
                                },
                              ),
                            `Subcategory ${value.name.trim()} added to ${category.name}.`,
                          )
                        }
                      />
                    </div>
                  </details>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.taxon.name ?? ''}?`}
        message={`The ${deleting?.kind ?? 'category'} ${deleting?.taxon.name ?? ''} has no products; deleting it cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={hiding !== null}
        title={hiding ? hideQuestion(hiding.taxon) : ''}
        message={`Its products leave the storefront (navigation, listings, search and product pages) and customers' carts mark them as no longer available, until you reactivate the ${hiding?.kind ?? 'category'}.`}
        confirmLabel="Hide"
        onConfirm={() => void confirmHide()}
        onClose={() => setHiding(null)}
      />
    </div>
  );
}
