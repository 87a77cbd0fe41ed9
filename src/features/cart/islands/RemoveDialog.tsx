/**
 * The Cancel/Remove dialog of a cart line (ConfirmRemove.tsx opens it), on the one dialog
 * primitive. A module of its own so that ConfirmRemove loads it, and the primitive under it, on
 * the first removal, not with the cart.
 */
import ModalDialog from '#lib/ui/ModalDialog.tsx';
import type { CartItem } from '../store.ts';

interface Props {
  /** The line asked about; null: closed. */
  item: CartItem | null;
  /** Id of the question, which describes the dialog. */
  textId: string;
  onCancel: () => void;
  onConfirm: (line: CartItem) => void;
}

/** "Remove item?" with Cancel and Remove: no × (the buttons answer), Escape and the backdrop cancel. */
export default function RemoveDialog({ item, textId, onCancel, onConfirm }: Props) {
  return (
    <ModalDialog
      open={item !== null}
      title="Remove item?"
      onClose={onCancel}
      hideClose
      describedBy={textId}
      width="sm:max-w-sm"
    >
      {item && (
        <>
          <p id={textId} className="text-sm text-slate-700">
            Remove {item.name} from your cart?
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <button
              type="button"
              onClick={onCancel}
              className="h-10 rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => onConfirm(item)}
              className="h-10 rounded-lg bg-sale-600 px-4 text-sm font-semibold text-white hover:brightness-95"
            >
              Remove
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
