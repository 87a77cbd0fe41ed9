/**
 * The owners' staff page (/admin/staff): every active member with their role and a Remove
 * button, and a form to add a member. A role change or a removal is confirmed in a dialog naming
 * its effect (that member is signed out at once); the signed-in owner's own row cannot be changed
 * (the server refuses it too, 409). Seeded with the server's list.
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#lib/http/permissions.ts';
import { formatPhone } from '#lib/phone.ts';
import { buttonPrimary, buttonSecondary, ConfirmDialog, ErrorText } from '#lib/ui/controls.tsx';
import { showToast } from '#lib/ui/toast.ts';
import type { addStaffRoute, changeStaffRoleRoute, listStaffRoute, removeStaffRoute } from '../contract.ts';

type Member = { id: number; name: string; mobile: string; role: StaffRole };

const inputClass = 'block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900';

/** Sends the browser to the staff sign-in when the session has ended. */
const toLogin = () => window.location.assign('/admin/login?next=%2Fadmin%2Fstaff');

export default function StaffManager({ initial, meId }: { initial: Member[]; meId: number }) {
  const [members, setMembers] = useState(initial);
  const [form, setForm] = useState({ name: '', mobile: '', role: 'packer' as StaffRole });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [changing, setChanging] = useState<{ member: Member; role: StaffRole } | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const ids = { name: useId(), mobile: useId(), role: useId() };

  async function refresh() {
    const { data } = await callRoute<typeof listStaffRoute>('GET /api/admin/staff', {});
    setMembers(data.staff);
  }

  function failed(err: unknown, show: (m: string) => void) {
    if (err instanceof ApiError && err.status === 401) return toLogin();
    show(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      const { message } = await callRoute<typeof addStaffRoute>('POST /api/admin/staff', { body: form });
      setForm({ name: '', mobile: '', role: form.role });
      await refresh();
      showToast(message ?? 'Added.');
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      failed(err, setError);
    } finally {
      setBusy(false);
    }
  }

  async function changeRole() {
    if (!changing) return;
    const { member, role } = changing;
    setBusy(true);
    setChangeError(null);
    try {
      await callRoute<typeof changeStaffRoleRoute>('PUT /api/admin/staff/{id}', {
        params: { id: member.id },
        body: { role },
      });
      setChanging(null);
      await refresh();
      showToast(`${member.name} is now ${ROLE_LABELS[role].toLowerCase()}; they sign in again.`);
    } catch (err) {
      failed(err, setChangeError);
      await refresh().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    setRemoveError(null);
    try {
      const { message } = await callRoute<typeof removeStaffRoute>('DELETE /api/admin/staff/{id}', {
        params: { id: removing.id },
      });
      setRemoving(null);
      await refresh();
      showToast(message ?? 'Removed.');
    } catch (err) {
      failed(err, setRemoveError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <ErrorText message={error} className="" />
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Staff">
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-3 p-3">
            <div className="min-w-40 flex-1">
              <p className="font-semibold text-slate-900">
                {m.name}
                {m.id === meId ? ' (you)' : ''}
              </p>
              <p className="text-sm text-slate-700">{formatPhone(m.mobile)}</p>
            </div>
            <label className="text-sm text-slate-800">
              <span className="sr-only">Role of {m.name}</span>
              <select
                value={m.role}
                disabled={m.id === meId}
                onChange={(e) => {
                  setChangeError(null);
                  setChanging({ member: m, role: e.target.value as StaffRole });
                }}
                className="h-11 rounded-lg border border-slate-400 bg-white px-2 disabled:bg-slate-100"
              >
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            </label>
            {m.id === meId ? (
              <p className="text-sm text-slate-700">Another owner can change your role.</p>
            ) : (
              <button type="button" className={buttonSecondary} onClick={() => setRemoving(m)}>
                Remove<span className="sr-only"> {m.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>

      <form
        noValidate
        onSubmit={add}
        aria-labelledby="add-staff-heading"
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="add-staff-heading" className="font-semibold text-slate-900">
          Add a staff member
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor={ids.name} className="mb-1 block text-sm font-medium text-slate-800">
              Name
            </label>
            <input
              id={ids.name}
              className={inputClass}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              aria-invalid={!!errors.name}
            />
            <ErrorText message={errors.name} className="mt-1" />
          </div>
          <div>
            <label htmlFor={ids.mobile} className="mb-1 block text-sm font-medium text-slate-800">
              Mobile number
            </label>
            <input
              id={ids.mobile}
              type="tel"
              className={inputClass}
              value={form.mobile}
              onChange={(e) => setForm({ ...form, mobile: e.target.value })}
              aria-invalid={!!errors.mobile}
            />
            <ErrorText message={errors.mobile} className="mt-1" />
          </div>
          <div>
            <label htmlFor={ids.role} className="mb-1 block text-sm font-medium text-slate-800">
              Role
            </label>
            <select
              id={ids.role}
              className={inputClass}
              value={form.role}
              onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className={`${buttonPrimary} mt-3`} disabled={busy} aria-busy={busy}>
          Add staff member
        </button>
      </form>

      <ConfirmDialog
        open={changing !== null}
        title="Change role"
        message={
          changing
            ? `${changing.member.name} will be ${ROLE_LABELS[changing.role].toLowerCase()} instead of ${ROLE_LABELS[changing.member.role].toLowerCase()}, and is signed out at once to sign in again.`
            : ''
        }
        confirmLabel="Change role"
        busy={busy}
        error={changeError}
        onConfirm={() => void changeRole()}
        onClose={() => setChanging(null)}
      />

      <ConfirmDialog
        open={removing !== null}
        title="Remove staff member"
        message={removing ? `${removing.name} will be signed out at once and can no longer sign in.` : ''}
        confirmLabel="Remove"
        busy={busy}
        error={removeError}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
