/**
 * App-wide toasts (spec 000 §9: "Item added to cart" for 3 s, other toasts 5 s). The two live
 * regions are plain HTML in ShopLayout (`#toast-status`, polite; `#toast-alert`, assertive), so
 * they exist before anything is announced and any island can write to them without React.
 * Their container `#toast-layer` is a manual popover, raised into the top layer with every toast,
 * so a toast is never under a modal dialog's backdrop (issue 15).
 */

/** How long the add-to-cart toast stays up, in milliseconds (spec 000 §9). */
export const CART_TOAST_MS = 3000;
/** How long other toasts stay up, in milliseconds (spec 000 §9). */
export const TOAST_MS = 5000;

const TONES = {
  success: 'bg-brand-700 text-white',
  error: 'bg-white text-sale-600 ring-1 ring-sale-600',
} as const;

/**
 * Shows `message` top-centre for `ms` milliseconds; errors go to the assertive region.
 * Does nothing where the layout has no toast regions (e.g. server side).
 */
export function showToast(message: string, options: { tone?: keyof typeof TONES; ms?: number } = {}): void {
  if (typeof document === 'undefined' || !message) return;
  const tone = options.tone ?? 'success';
  const region = document.getElementById(tone === 'error' ? 'toast-alert' : 'toast-status');
  if (!region) return;
  const item = document.createElement('p');
  item.className = `pointer-events-auto max-w-md rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${TONES[tone]}`;
  item.textContent = message;
  raiseToastLayer();
  region.append(item);
  window.setTimeout(() => item.remove(), options.ms ?? TOAST_MS);
}

/**
 * Shows the toast layer (a manual popover, open from page load so its live regions are always
 * there to announce) and, when a modal dialog opened after it, lifts it above that dialog: the top
 * layer stacks in opening order, so it is closed and opened again.
 */
export function raiseToastLayer(): void {
  const layer = document.getElementById('toast-layer');
  if (!layer || typeof layer.showPopover !== 'function') return;
  const open = layer.matches(':popover-open');
  if (open && !document.querySelector('dialog:modal')) return;
  if (open) layer.hidePopover();
  layer.showPopover();
}
