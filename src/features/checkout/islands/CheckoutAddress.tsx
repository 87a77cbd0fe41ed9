/**
 * Checkout's Shipping Address card and the Select Shipping Address modal
 * (docs/orders-and-payments.md#checkout).
 * The card shows the selected address with a Default badge and Change; without addresses it
 * reads "No addresses found. Please add an address.". An address outside the delivery area is
 * marked plainly: the shop does not deliver there, and the order will not be placed.
 */
import { formatPhone } from '#lib/phone.ts';
import ModalDialog from '#lib/ui/ModalDialog.tsx';
import { type AddressJson, addressLine, type DeliveryAreaInfo, notDeliveredMessage } from './checkout-shared.ts';

function AddressText({ a }: { a: AddressJson }) {
  return (
    <>
      <p className="font-semibold text-slate-900">{a.name}</p>
      <p className="text-sm text-slate-700">{addressLine(a)}</p>
      <p className="text-sm text-slate-700">{formatPhone(a.mobile)}</p>
    </>
  );
}

const DefaultBadge = () => (
  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Default</span>
);

interface CardProps {
  loading: boolean;
  error: string;
  addresses: AddressJson[];
  selected: AddressJson | null;
  area: DeliveryAreaInfo;
  onChange: () => void;
  onAddNew: () => void;
}

/** The Shipping Address card. */
export function ShippingAddressCard({ loading, error, addresses, selected, area, onChange, onAddNew }: CardProps) {
  return (
    <section aria-labelledby="shipping-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="shipping-title" className="text-lg font-semibold">
          Shipping Address
        </h2>
        {addresses.length > 0 && (
          <button
            type="button"
            onClick={onChange}
            aria-haspopup="dialog"
            className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Change
          </button>
        )}
      </div>
      <div className="mt-3">
        {loading && <div className="h-16 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />}
        {!loading && error && (
          <p role="alert" className="text-sm font-medium text-sale-600">
            {error}
          </p>
        )}
        {!loading && !error && addresses.length === 0 && (
          <div>
            <p className="text-sm text-slate-700">No addresses found. Please add an address.</p>
            <button
              type="button"
              onClick={onAddNew}
              className="mt-3 h-10 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Add New Address
            </button>
          </div>
        )}
        {!loading && selected && (
          <div
            className={`rounded-xl border p-3 ${selected.deliverable ? 'border-brand-200 bg-brand-50' : 'border-sale-600/40 bg-sale-600/5'}`}
          >
            <div className="flex flex-wrap items-center gap-2">{selected.is_default && <DefaultBadge />}</div>
            <AddressText a={selected} />
            {!selected.deliverable && (
              <p role="alert" className="mt-2 text-sm font-medium text-sale-600">
                {notDeliveredMessage(selected, area)}
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

interface ModalProps {
  open: boolean;
  addresses: AddressJson[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onAddNew: () => void;
  onClose: () => void;
  /** A short success note shown at the top (the page's toast sits behind the modal). */
  notice?: string;
}

/** The Select Shipping Address modal: Select / Selected for each address, and Add New Address. */
export function SelectAddressModal({ open, addresses, selectedId, onSelect, onAddNew, onClose, notice }: ModalProps) {
  return (
    <ModalDialog open={open} title="Select Shipping Address" onClose={onClose}>
      <div role="status" aria-live="polite">
        {notice && <p className="mb-3 rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium text-white">{notice}</p>}
      </div>
      <ul className="space-y-3">
        {addresses.map((a) => {
          const isSelected = a.id === selectedId;
          return (
            <li
              key={a.id}
              className={`flex items-start justify-between gap-3 rounded-xl border p-3 ${isSelected ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
            >
              <div className="min-w-0">
                <div className="mb-1 flex flex-wrap gap-2">
                  {a.is_default && <DefaultBadge />}
                  {!a.deliverable && (
                    <span className="rounded-full bg-sale-600/5 px-2 py-0.5 text-xs font-semibold text-sale-600">
                      We do not deliver here
                    </span>
                  )}
                </div>
                <AddressText a={a} />
              </div>
              <button
                type="button"
                aria-pressed={isSelected}
                aria-label={`${isSelected ? 'Selected' : 'Select'}: ${a.name}, ${addressLine(a)}`}
                onClick={() => onSelect(a.id)}
                className={`h-9 shrink-0 rounded-lg px-3 text-sm font-semibold ${isSelected ? 'bg-brand-700 text-white' : 'border border-brand-700 text-brand-700 hover:bg-brand-50'}`}
              >
                {isSelected ? 'Selected' : 'Select'}
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={onAddNew}
        className="mt-4 h-11 w-full rounded-lg border-2 border-dashed border-brand-600 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        + Add New Address
      </button>
    </ModalDialog>
  );
}
