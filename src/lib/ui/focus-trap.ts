/**
 * Keeps Tab and Shift+Tab inside an open dialog (WAI-ARIA dialog pattern). A native modal
 * <dialog> makes the page behind it inert, but Tab past its last control still leaves the
 * document; this wraps focus around instead. Use as the dialog's onKeyDown handler.
 */
import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Wraps Tab focus inside `event.currentTarget` (a React onKeyDown handler). */
export function trapTab(event: KeyboardEvent<HTMLElement>): void {
  wrapTab(event.currentTarget, event);
}

/**
 * Wraps Tab focus inside `container` for a keydown `event` (React or DOM): the islands' dialogs
 * through trapTab, the server-rendered native <dialog>s through a document listener.
 */
export function wrapTab(
  container: HTMLElement,
  event: { key: string; shiftKey: boolean; preventDefault(): void },
): void {
  if (event.key !== 'Tab') return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
