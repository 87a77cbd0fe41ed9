/**
 * The Cancel/Remove confirmation of a cart line, shared by the cart views: a line is removed only
 * once Remove is pressed.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { type CartItem, removeFromCart } from '../store.ts';

const ModalDialog = lazy(() => import('#lib/ui/ModalDialog.tsx'));

/**
 * Where focus goes once the line `cartId` is gone, so it never falls to <body>: the Remove
 * button of the next line shown, else of the previous one, else the empty cart's heading.
 * Returns a function to call after the removal.
 */
function focusAfterRemoval(cartId: number): () => void {
  const buttons = [...document.querySelectorAll<HTMLElement>('[data-remove-line]')].filter(
    (b) => b.getClientRects().length > 0,
  );
  const i = buttons.findIndex((b) => b.dataset.removeLine === String(cartId));
  const neighbour = i >= 0 ? (buttons[i + 1] ?? buttons[i - 1]) : undefined;
  const nextId = neighbour?.dataset.removeLine;
  return () =>
    requestAnimationFrame(() => {
      const target = nextId ? document.querySelector<HTMLElement>(`[data-remove-line="${nextId}"]`) : null;
      (
        target ??
        [...document.querySelectorAll<HTMLElement>('[data-cart-empty]')].find((h) => h.getClientRects().length > 0)
      )?.focus();
    });
}

/**
 * The Cancel/Remove confirmation for `item` (null = closed), on the one dialog primitive. Focus
 * starts on Cancel, Escape and the backdrop cancel, Tab stays inside; Cancel returns focus to the
 * control that opened it, Remove moves it to the next line (focusAfterRemoval). Remove takes the
 * line out of the cart (store.ts `removeFromCart`).
 */
export function ConfirmRemove({ item, onClose }: { item: CartItem | null; onClose: () => void }) {
  const textId = useId();
  const onCancel = onClose;
  const onConfirm = (line: CartItem) => {
    const refocus = focusAfterRemoval(line.cartId);
    onClose();
    void removeFromCart(line.cartId).then(refocus);
  };
  // The dialog's code loads on the first removal, not with the cart (it stays mounted after,
  // so closing it returns focus as the primitive does).
  const [used, setUsed] = useState(false);
  if (item && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
