/**
 * Add Address / Edit Address dialog (docs/account-rules.md#address-dialog), used by the
 * checkout and by My Account. Built on the shared ModalDialog (focus trapped, returned to the
 * opener); the inputs are AddressFields and AddressLocation, the state is useAddressForm.
 *
 * Props: `open`, `mode` ('add' | 'edit'), `address` (the one to edit), `tileUrl` (map tile
 * template from the server's MAP_TILE_URL), `onClose`, `onSaved(address)`.
 * - Each field is checked when it changes and everything again on save, with the texts customers
 *   see; errors left on save raise the banner "Please fix the errors in the form before
 *   submitting." and focus the first field to fix. Save reads Save Address / Update Address and
 *   is disabled while saving.
 * - Add: POST /api/customer/add-address, then the success dialog "Address added successfully!"
 *   whose OK calls `onSaved` and closes (the form starts empty next time). Edit: POST
 *   /api/customer/edit-address with the real longitude (the spec's latitude-as-longitude is a
 *   defect), then `onSaved` and close: the parent shows its own success message.
 * - No session: "You need to be logged in to save addresses" and /login after 2 s. A 401:
 *   "Your session has expired. Please log in again." with a Login link and /login after 2 s.
 *   Other failures: the server's message or "Failed to save address. Please try again.".
 */
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { hasSessionHint, LOGIN_REDIRECT_MS, loginUrl } from '#features/auth/store.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { AlertDialog } from '#lib/ui/AlertDialog.tsx';
import ModalDialog from '#lib/ui/ModalDialog.tsx';
import type { AddressJson, addAddressRoute, editAddressRoute } from '../contract.ts';
import { ADDRESS_MESSAGES } from '../messages.ts';
import AddressFields, { fieldHelpers } from './AddressFields.tsx';
import AddressLocation from './AddressLocation.tsx';
import {
  type AddressForm,
  type FieldErrors,
  type FormValues,
  payload,
  useAddressForm,
  validate,
} from './address-form.ts';

interface Props {
  open: boolean;
  mode: 'add' | 'edit';
  /** The address to edit (mode 'edit'). */
  address?: AddressJson;
  /** Map tile URL template (MAP_TILE_URL), passed from the page. */
  tileUrl: string;
  onClose: () => void;
  /** Called with the saved address: after OK on the success dialog (add), or at once (edit). */
  onSaved: (address: AddressJson) => void;
}

/** Sends the form: an edit of `editing` when given, else a new home address; resolves with the saved address. */
async function submitAddress(editing: AddressJson | undefined, values: FormValues): Promise<AddressJson> {
  if (editing) {
    const { data } = await callRoute<typeof editAddressRoute>('POST /api/customer/edit-address', {
      body: { address_id: editing.id, ...payload(values) },
      fallbackMessage: ADDRESS_MESSAGES.saveFailed,
    });
    return data.address;
  }
  const { data } = await callRoute<typeof addAddressRoute>('POST /api/customer/add-address', {
    body: { type: 'home', ...payload(values) },
    fallbackMessage: ADDRESS_MESSAGES.saveFailed,
  });
  return data.address;
}

/**
 * Checks every field of `form`; true when none has an error, else raises the banner and focuses
 * the first field to fix (in the form of `formRef`).
 */
function checkFields(form: AddressForm, formRef: RefObject<HTMLFormElement | null>): boolean {
  const all = validate(form.values);
  form.setErrors(all);
  if (Object.keys(all).length > 0) {
    form.setBanner(ADDRESS_MESSAGES.fixErrors);
    // Take the customer to the first field to fix once the errors have rendered.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([readonly])')?.focus(),
    );
    return false;
  }
  form.setBanner('');
  return true;
}

/** The address form dialog and its success dialog. */
export default function AddressDialog({ open, mode, address, tileUrl, onClose, onSaved }: Props) {
  const uid = useId();
  const form = useAddressForm(address);
  const [failure, setFailure] = useState<{ text: string; login?: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<AddressJson | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  // Reset only when the dialog opens or shows another address, not when the parent re-renders with a new object.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the address id, not the object.
  useEffect(() => {
    if (!open) return;
    form.reset(mode === 'edit' ? address : undefined);
    setFailure(null);
    setSaved(null);
    setSaving(false);
  }, [open, mode, address?.id]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  function sendToLogin() {
    window.clearTimeout(redirectTimer.current);
    redirectTimer.current = window.setTimeout(() => window.location.assign(loginUrl()), LOGIN_REDIRECT_MS);
  }

  /** Shows why saving failed: an expired session (and /login), the server's field errors, or its message. */
  function saveFailed(err: unknown) {
    if (err instanceof ApiError && err.status === 401) {
      setFailure({ text: ADDRESS_MESSAGES.expired, login: true });
      sendToLogin();
      return;
    }
    if (err instanceof ApiError && err.errors)
      form.setErrors({ ...form.errorsRef.current, ...(err.errors as FieldErrors) });
    console.error('Saving the address failed', err);
    setFailure({ text: err instanceof ApiError && err.message ? err.message : ADDRESS_MESSAGES.saveFailed });
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    setFailure(null);
    if (!checkFields(form, formRef)) return;
    if (!hasSessionHint()) {
      setFailure({ text: ADDRESS_MESSAGES.noSession });
      sendToLogin();
      return;
    }
    setSaving(true);
    const editing = mode === 'edit' ? address : undefined;
    try {
      const result = await submitAddress(editing, form.values);
      setSaving(false);
      if (editing) {
        onSaved(result);
        onClose();
      } else {
        form.reset();
        setSaved(result);
      }
    } catch (err) {
      setSaving(false);
      saveFailed(err);
    }
  }

  function finish() {
    const address = saved;
    setSaved(null);
    if (address) onSaved(address);
    onClose();
  }

  const helpers = fieldHelpers(uid, form.errors);
  return (
    <>
      <ModalDialog
        open={open && !saved}
        title={mode === 'edit' ? 'Edit Address' : 'Add Address'}
        onClose={onClose}
        width="sm:max-w-2xl"
        closeOnBackdrop={false}
      >
        <form ref={formRef} noValidate onSubmit={save} className="space-y-5">
          {form.banner && (
            <p role="alert" className="rounded-lg bg-sale-600/5 px-3 py-2 text-sm font-medium text-sale-600">
              {form.banner}
            </p>
          )}
          <AddressFields form={form} helpers={helpers} />
          <AddressLocation form={form} helpers={helpers} tileUrl={tileUrl} showMap={open && !saved} />

          {failure && (
            <div role="alert" className="rounded-lg bg-sale-600/5 px-3 py-2 text-sm font-medium text-sale-600">
              <p>{failure.text}</p>
              {failure.login && (
                <a
                  href={loginUrl()}
                  className="mt-2 inline-flex h-9 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                >
                  Login
                </a>
              )}
            </div>
          )}

          <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
            <button
              type="button"
              onClick={onClose}
              className="h-11 rounded-lg border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={saving}
              aria-busy={saving || undefined}
              className="h-11 rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {mode === 'edit' ? 'Update Address' : 'Save Address'}
            </button>
          </div>
        </form>
      </ModalDialog>

      <AlertDialog open={open && !!saved} title="Address Saved" onClose={finish}>
        {ADDRESS_MESSAGES.added}
      </AlertDialog>
    </>
  );
}
