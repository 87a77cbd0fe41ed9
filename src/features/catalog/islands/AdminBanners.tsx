/**
 * The back office's home banners (/admin/banners): every banner in the carousel's order with
 * whether it shows now; add or edit one (title, description, image, button text, link, start and
 * end in shop time, Asia/Kolkata, active), move up or down, delete. The storefront shows only
 * active banners whose window holds now. Results are announced.
 */
import { type FormEvent, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { showPlaceholder } from '#lib/images.ts';
import { buttonDanger, buttonPrimary, buttonSecondary, ConfirmDialog } from '#lib/ui/controls.tsx';
import { editButtonId, useEditFormFocus, useStaffList } from '#lib/ui/staff-list.ts';
import type {
  adminBannersRoute,
  createBannerRoute,
  deleteBannerRoute,
  moveBannerRoute,
  updateBannerRoute,
} from '../taxonomy-contract.ts';
import { type AdminBanner, type BannerState, isoToShopLocal, shopLocalToIso } from '../taxonomy-rules.ts';
import AdminImageField, { adminInput } from './AdminImageField.tsx';

const STATE_LABELS: Record<BannerState, string> = {
  showing: 'Showing now',
  scheduled: 'Starts later',
  ended: 'Ended',
  off: 'Switched off',
  'link-hidden': 'Hidden: its link’s category is hidden',
};

const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
        new Date(iso),
      )
    : null;

const EMPTY = {
  title: '',
  description: '',
  image: '',
  cta: '',
  ctaLink: '',
  startsAt: '',
  endsAt: '',
  isActive: true,
};
type Form = typeof EMPTY;

const formOf = (b: AdminBanner): Form => ({
  title: b.title ?? '',
  description: b.description ?? '',
  image: b.image,
  cta: b.cta ?? '',
  ctaLink: b.ctaLink ?? '',
  startsAt: isoToShopLocal(b.startsAt),
  endsAt: isoToShopLocal(b.endsAt),
  isActive: b.isActive,
});

/** The add or edit form. */
function BannerForm({
  formLabel,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  formLabel: string;
  initial: Form;
  submitLabel: string;
  onSubmit: (form: Form) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { first, onKeyDown } = useEditFormFocus(onCancel);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const err = (key: string) =>
    errors[key] ? (
      <span id={`${id}-${key}`} className="mt-1 block text-sm text-red-700">
        {errors[key]}
      </span>
    ) : null;
  const describedBy = (key: string) =>
    errors[key] ? { 'aria-describedby': `${id}-${key}`, 'aria-invalid': true as const } : {};
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const problems = await onSubmit(form);
    setBusy(false);
    setErrors(problems ?? {});
    if (!problems && !onCancel) setForm(EMPTY);
  }
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
          onChange={set('title')}
          {...describedBy('title')}
        />
        {err('title')}
      </label>
      <label className={label}>
        Description
        <input
          className={adminInput}
          value={form.description}
          onChange={set('description')}
          {...describedBy('description')}
        />
        {err('description')}
      </label>
      <div className="md:col-span-2">
        <AdminImageField
          label="Banner image"
          value={form.image}
          onChange={(image) => setForm({ ...form, image })}
          error={errors.image}
        />
      </div>
      <label className={label}>
        Button text (empty: no button)
        <input className={adminInput} value={form.cta} onChange={set('cta')} {...describedBy('cta')} />
        {err('cta')}
      </label>
      <label className={label}>
        Link (a path like /shop, or https://…; empty: /shop)
        <input className={adminInput} value={form.ctaLink} onChange={set('ctaLink')} {...describedBy('cta_link')} />
        {err('cta_link')}
      </label>
      <label className={label}>
        Starts (shop time; empty: at once)
        <input
          type="datetime-local"
          className={adminInput}
          value={form.startsAt}
          onChange={set('startsAt')}
          {...describedBy('starts_at')}
        />
        {err('starts_at')}
      </label>
      <label className={label}>
        Ends (shop time; empty: no end)
        <input
          type="datetime-local"
          className={adminInput}
          value={form.endsAt}
          onChange={set('endsAt')}
          {...describedBy('ends_at')}
        />
        {err('ends_at')}
      </label>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={form.isActive}
          onChange={(e) => setForm({ ...form, isActive: e.target.checked })}
        />
        Active
      </label>
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

/** The JSON a form sends. */
const bodyOf = (form: Form) => ({
  title: form.title,
  description: form.description,
  image: form.image,
  cta: form.cta,
  cta_link: form.ctaLink,
  starts_at: shopLocalToIso(form.startsAt),
  ends_at: shopLocalToIso(form.endsAt),
  is_active: form.isActive,
});

export default function AdminBanners() {
  const {
    items: banners,
    status,
    run,
    focusFirst: setFocus,
  } = useStaffList('banners', () => callRoute<typeof adminBannersRoute>('GET /api/admin/banners', {}));
  const [editing, setEditing] = useState<number | null>(null);
  // Closing an edit form (Cancel, Escape or a saved change) hands the focus back to its Edit button.
  function closeEdit(id: number) {
    setEditing(null);
    setFocus([editButtonId('banner', id)]);
  }
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const id = useId();

  const name = (b: AdminBanner) => b.title || `Banner ${b.id}`;

  async function move(b: AdminBanner, direction: 'up' | 'down') {
    const problems = await run(
      () =>
        callRoute<typeof moveBannerRoute>('POST /api/admin/banners/{id}/move', {
          params: { id: b.id },
          body: { direction },
        }),
      `${name(b)} moved ${direction}.`,
    );
    if (!problems)
      setFocus([`move-banner-${b.id}-${direction}`, `move-banner-${b.id}-${direction === 'up' ? 'down' : 'up'}`]);
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p role="status" className={`text-sm ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
        {status?.text}
      </p>
      <section aria-labelledby={`${id}-list`} className="min-w-0">
        <h2 id={`${id}-list`} className="text-lg font-semibold text-slate-900">
          Banners, in the carousel’s order
        </h2>
        {!banners ? (
          <p>Loading…</p>
        ) : banners.length === 0 ? (
          <p className="mt-2 text-slate-700">No banners yet: the home page shows none.</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-4">
            {banners.map((b, i) => (
              <li key={b.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
                {editing === b.id ? (
                  <BannerForm
                    initial={formOf(b)}
                    formLabel={`Edit ${name(b)}`}
                    submitLabel="Save banner"
                    onCancel={() => closeEdit(b.id)}
                    onSubmit={async (form) => {
                      const problems = await run(
                        () =>
                          callRoute<typeof updateBannerRoute>('PATCH /api/admin/banners/{id}', {
                            params: { id: b.id },
                            body: bodyOf(form),
                          }),
                        'Banner saved.',
                      );
                      if (!problems) closeEdit(b.id);
                      return problems;
                    }}
                  />
                ) : (
                  <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
                    <img
                      src={b.imageUrl}
                      alt=""
                      onError={showPlaceholder}
                      className="h-24 w-full shrink-0 rounded-md border border-slate-200 bg-slate-50 object-cover sm:w-40"
                    />
                    <div className="min-w-0 flex-1">
                      <h3 className="break-words font-semibold text-slate-900">{name(b)}</h3>
                      {b.description && <p className="break-words text-sm text-slate-700">{b.description}</p>}
                      <p className="mt-1 text-sm text-slate-700">
                        <span className="font-semibold">{STATE_LABELS[b.state]}</span>
                        {b.startsAt && ` · from ${when(b.startsAt)}`}
                        {b.endsAt && ` · until ${when(b.endsAt)}`}
                      </p>
                      <p className="break-all text-sm text-slate-700">
                        {b.cta ? `Button “${b.cta}” → ` : 'Link → '}
                        {b.ctaLink || '/shop'}
                      </p>
                      <div className="mt-2 flex flex-wrap gap-2">
                        {(['up', 'down'] as const).map((direction) => (
                          <button
                            key={direction}
                            id={`move-banner-${b.id}-${direction}`}
                            type="button"
                            className={`${buttonSecondary} min-h-9 px-3`}
                            disabled={direction === 'up' ? i === 0 : i === banners.length - 1}
                            onClick={() => void move(b, direction)}
                          >
                            {direction === 'up' ? 'Move up' : 'Move down'}
                            <span className="sr-only"> {name(b)}</span>
                          </button>
                        ))}
                        <button
                          type="button"
                          className={`${buttonSecondary} min-h-9 px-3`}
                          id={editButtonId('banner', b.id)}
                          onClick={() => setEditing(b.id)}
                        >
                          Edit<span className="sr-only"> {name(b)}</span>
                        </button>
                        <button type="button" className={`${buttonDanger} min-h-9 px-3`} onClick={() => setDeleting(b)}>
                          Delete<span className="sr-only"> {name(b)}</span>
                        </button>
                      </div>
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
          Add a banner
        </h2>
        <BannerForm
          initial={EMPTY}
          formLabel="New banner"
          submitLabel="Add banner"
          onSubmit={(form) =>
            run(
              () => callRoute<typeof createBannerRoute>('POST /api/admin/banners', { body: bodyOf(form) }),
              'Banner added.',
            )
          }
        />
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this banner?"
        message={`${deleting ? name(deleting) : ''} leaves the home page; deleting it cannot be undone (switch it off to keep it).`}
        confirmLabel="Delete banner"
        onConfirm={() => {
          const b = deleting;
          if (!b) return;
          void run(
            () => callRoute<typeof deleteBannerRoute>('DELETE /api/admin/banners/{id}', { params: { id: b.id } }),
            'Banner deleted.',
          ).then(() => setDeleting(null));
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
