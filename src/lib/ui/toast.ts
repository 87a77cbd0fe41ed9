/**
 * App-wide toasts ("Item added to cart" for 3 s, other toasts 5 s;
 * docs/storefront-rules.md#toasts). The two live regions are plain HTML in ShopLayout
 * (`#toast-status`, polite; `#toast-alert`, assertive), so they exist before anything is announced
 * and any island can write to them without React. While a modal dialog is open everything outside
 * it is inert (not seen, not announced) and under its backdrop, so a toast then goes into that
 * dialog, into regions of the same kind made there on first use; a toast outside it would sit under
 * the backdrop, unseen and unannounced.
 */

/** How long the add-to-cart toast stays up, in milliseconds. */
export const CART_TOAST_MS = 3000;
/** How long other toasts stay up, in milliseconds. */
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
  const region = toastRegion(tone === 'error' ? 'alert' : 'status');
  if (!region) return;
  const item = document.createElement('p');
  item.className = `pointer-events-auto max-w-md rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${TONES[tone]}`;
  item.textContent = message;
  region.append(item);
  window.setTimeout(() => item.remove(), options.ms ?? TOAST_MS);
}

const HOST_CLASS = 'pointer-events-none fixed inset-x-0 top-4 z-[95] flex flex-col items-center gap-2 px-4';

/** The live region for a toast: the page's, or, while a modal dialog is open, one inside it. */
function toastRegion(role: 'status' | 'alert'): HTMLElement | null {
  const modal = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal')).pop();
  if (!modal) return document.getElementById(role === 'alert' ? 'toast-alert' : 'toast-status');
  let host = modal.querySelector<HTMLElement>(':scope > [data-toast-host]');
  if (!host) {
    host = document.createElement('div');
    host.dataset.toastHost = '';
    host.className = HOST_CLASS;
    for (const r of ['status', 'alert'] as const) {
      const region = document.createElement('div');
      region.setAttribute('role', r);
      if (r === 'status') region.setAttribute('aria-live', 'polite');
      region.className = 'flex flex-col items-center gap-2';
      host.append(region);
    }
    modal.append(host);
    // A toast outlives the dialog: what is still showing when it closes moves to the page's regions.
    modal.addEventListener('close', () => {
      for (const r of ['status', 'alert'] as const) {
        const inside = host!.querySelector(`[role="${r}"]`);
        const page = document.getElementById(r === 'alert' ? 'toast-alert' : 'toast-status');
        if (inside && page) page.append(...inside.children);
      }
    });
  }
  return host.querySelector<HTMLElement>(`[role="${role}"]`);
}
