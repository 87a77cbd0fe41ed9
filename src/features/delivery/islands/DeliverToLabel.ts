/**
 * The navigation bar's Deliver to label (NavLocation.astro) in the browser: the visitor's PIN code
 * and earliest slot, or the delivery area and "Check your PIN code", kept in step with the delivery
 * store (a check in the dialog updates it at once). Plain DOM, no island: the label only shows
 * text. ShopLayout's script starts it when the browser is idle, or on prerendered pages when the
 * visitor first reaches for the button. Client-only.
 */
import { $deliverTo, earliestText, loadDeliverTo } from '../store.ts';

/** Loads the current check and keeps the label showing it. */
export function showDeliverToLabel(): void {
  loadDeliverTo();
  $deliverTo.subscribe(({ status, check }) => {
    const place = document.querySelector<HTMLElement>('[data-deliver-to-place]');
    const promise = document.querySelector<HTMLElement>('[data-deliver-to-promise]');
    if (!place || !promise) return;
    place.textContent = check ? check.pin : (place.dataset.area ?? '');
    const text = check ? earliestText(check) : status === 'loading' ? '' : 'Check your PIN code';
    promise.textContent = text ? ` · ${text}` : '';
    promise.classList.toggle('text-sale-600', check !== null && !check.deliverable);
  });
}
