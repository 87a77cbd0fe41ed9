/**
 * My Addresses (docs/account-rules.md#address-book): address cards (name, building,
 * street, optional landmark, city, optional postal code, mobile, Default badge), Set as Default
 * (disabled on the default), edit and delete with their confirm and success dialogs, "No
 * Addresses Found" and Add New Address. Adding and editing reuse the checkout's address dialog.
 * Deleting or setting the default reloads the list (the default comes first).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPhone } from '#lib/phone.ts';
import { buttonPrimary, ConfirmDialog, ErrorText, MessageDialog, PencilIcon, TrashIcon } from '#lib/ui/controls.tsx';
import type { AddressJson, defaultAddressRoute, deleteAddressRoute, listAddressesRoute } from '../contract.ts';
import { ADDRESS_MESSAGES } from '../messages.ts';

/**
 * The address form (zod, libphonenumber-js, the phone input: the heaviest part of the page) loads
 * on the first Add or Edit.
 */
const AddressDialog = lazy(() => import('./AddressDialog.tsx'));

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** The address book section. */
export default function AddressBook({ tileUrl }: { tileUrl: string }) {
  const [addresses, setAddresses] = useState<AddressJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [editor, setEditorState] = useState<{ mode: 'add' | 'edit'; address?: AddressJson } | null>(null);
  // Mounted from the first open on, so the dialog can close (and return focus) like any other.
  const [editorMounted, setEditorMounted] = useState(false);
  const setEditor = (next: typeof editor) => {
    if (next) setEditorMounted(true);
    setEditorState(next);
  };
  const [toDelete, setToDelete] = useState<AddressJson | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const { data } = await callRoute<typeof listAddressesRoute>('GET /api/customer/address-list', {
        fallbackMessage: ADDRESS_MESSAGES.fetchAddresses,
      });
      const list = data.address_list;
      // The default address is listed first.
      setAddresses([...list.filter((a) => a.is_default), ...list.filter((a) => !a.is_default)]);
      setError(null);
    } catch (err) {
      setError(message(err, ADDRESS_MESSAGES.fetchAddresses));
      setAddresses((a) => a ?? []);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function setDefault(address: AddressJson) {
    setBusyId(address.id);
    setError(null);
    try {
      await callRoute<typeof defaultAddressRoute>('POST /api/customer/default-address', {
        body: { address_id: address.id },
        fallbackMessage: ADDRESS_MESSAGES.setDefault,
      });
      await reload();
      setSuccess(ADDRESS_MESSAGES.defaultSet);
    } catch (err) {
      setError(message(err, ADDRESS_MESSAGES.setDefault));
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setBusyId(toDelete.id);
    setDeleteError(null);
    try {
      await callRoute<typeof deleteAddressRoute>('POST /api/customer/delete-address', {
        body: { address_id: toDelete.id },
        fallbackMessage: ADDRESS_MESSAGES.deleteAddress,
      });
      setToDelete(null);
      await reload();
    } catch (err) {
      setDeleteError(message(err, ADDRESS_MESSAGES.deleteAddress));
    } finally {
      setBusyId(null);
    }
  }

  function onSaved() {
    const wasEdit = editor?.mode === 'edit';
    setEditor(null);
    void reload();
    if (wasEdit) setSuccess(ADDRESS_MESSAGES.addressUpdated);
  }

  return (
    <section aria-labelledby="addresses-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="addresses-heading" className="text-lg font-semibold text-slate-900">
          My Addresses
        </h3>
        <button type="button" className={buttonPrimary} onClick={() => setEditor({ mode: 'add' })}>
          Add New Address
        </button>
      </div>
      <ErrorText message={error} />
      {addresses === null ? (
        <p aria-live="polite" className="mt-4 text-sm text-slate-600">
          Loading addresses...
        </p>
      ) : addresses.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm font-medium text-slate-600">
          No Addresses Found
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {addresses.map((a) => (
            <li
              key={a.id}
              aria-label={`Address of ${a.name}${a.is_default ? ', default' : ''}`}
              className={`flex flex-col rounded-xl border p-4 ${a.is_default ? 'border-brand-600 bg-brand-50/50' : 'border-slate-200 bg-white'}`}
            >
              <div className="flex items-start justify-between gap-2">
                <p className="font-semibold text-slate-900">{a.name || 'Not provided'}</p>
                {a.is_default && (
                  <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    Default
                  </span>
                )}
              </div>
              <address className="mt-1 text-sm not-italic leading-6 text-slate-700">
                {a.building_num || a.building}
                <br />
                {a.street}
                {a.landmark && (
                  <>
                    <br />
                    {a.landmark}
                  </>
                )}
                <br />
                {a.city}
                {a.po_box && ` – ${a.po_box}`}
                <br />
                Mobile: <span className="whitespace-nowrap">{formatPhone(a.mobile)}</span>
              </address>
              <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
                <button
                  type="button"
                  disabled={a.is_default || busyId === a.id}
                  onClick={() => setDefault(a)}
                  className="min-h-10 rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent"
                >
                  Set as Default
                </button>
                <span className="ml-auto flex gap-1">
                  <button
                    type="button"
                    onClick={() => setEditor({ mode: 'edit', address: a })}
                    className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm text-slate-700 hover:bg-slate-100"
                    aria-label={`Edit address of ${a.name}`}
                  >
                    <PencilIcon />
                    <span aria-hidden="true">Edit</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      setDeleteError(null);
                      setToDelete(a);
                    }}
                    className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm text-red-700 hover:bg-red-50"
                    aria-label={`Delete address of ${a.name}`}
                  >
                    <TrashIcon />
                    <span aria-hidden="true">Delete</span>
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}

      {editorMounted && (
        <Suspense fallback={null}>
          <AddressDialog
            open={editor !== null}
            mode={editor?.mode ?? 'add'}
            address={editor?.address}
            tileUrl={tileUrl}
            onClose={() => setEditor(null)}
            onSaved={onSaved}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Address"
        message={
          <p>
            Are you sure you want to delete this address
            {toDelete ? ` (${toDelete.building_num}, ${toDelete.street})` : ''}?
          </p>
        }
        confirmLabel="Delete"
        busy={busyId !== null && busyId === toDelete?.id}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
      <MessageDialog open={success !== null} title="Success" message={success ?? ''} onClose={() => setSuccess(null)} />
    </section>
  );
}
