/**
 * The Deliver to panels of the product page and the cart (DeliverToPanel.astro) in the browser:
 * the visitor's PIN code, its zone and earliest slot, or why the shop does not deliver there, kept
 * in step with the delivery store (a check in the dialog updates them at once). Plain DOM, no
 * island: a panel only shows text. Client-only.
 */
import { $deliverTo, earliestText, loadDeliverTo, type PinCheckJson } from '../store.ts';

/** Shows `check` in one panel; null keeps the delivery area and asks for a PIN code. */
function render(panel: HTMLElement, check: PinCheckJson | null): void {
  const text = panel.querySelector<HTMLElement>('[data-deliver-to-text]');
  const button = panel.querySelector<HTMLElement>('[data-deliver-to-change]');
  if (!text || !button) return;
  button.textContent = check ? 'Change PIN code' : 'Enter PIN code';
  if (!check) {
    text.textContent = `We deliver in ${panel.dataset.area ?? ''}. Enter your PIN code to see the earliest delivery slot.`;
  } else if (check.deliverable) {
    const pin = document.createElement('span');
    pin.className = 'font-semibold';
    pin.textContent = check.pin;
    text.replaceChildren('Delivering to ', pin, ` (${check.zone?.name ?? ''}). ${earliestText(check)}.`);
  } else {
    const message = document.createElement('span');
    message.className = 'text-sale-600';
    message.textContent = check.message;
    text.replaceChildren(message);
  }
}

/** Loads the current check and keeps every panel on the page showing it. */
export function showDeliverToPanels(): void {
  loadDeliverTo();
  $deliverTo.subscribe(({ check }) => {
    for (const panel of document.querySelectorAll<HTMLElement>('[data-deliver-to-panel]')) render(panel, check);
  });
}
