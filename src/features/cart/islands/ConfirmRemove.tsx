/**
 * The Cancel/Remove confirmation of a cart line, shared by the cart views: a line is removed only
 * once Remove is pressed.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { type CartItem, removeFromCart } from '../store.ts';

// The dialog (RemoveDialog.tsx, on ModalDialog) loads on the first removal, not with the cart.
const RemoveDialog = lazy(() => import('./RemoveDialog.tsx'));

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
  // Nothing renders before the first removal; the dialog stays mounted after, so closing it
  // returns focus as the primitive does.
  const [used, setUsed] = useState(false);
  if (item && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <RemoveDialog item={item} textId={textId} onCancel={onCancel} onConfirm={onConfirm} />
    </Suspense>
  );
}
