/**
 * The one dialog primitive of the islands: a native <dialog> with a heading that names it, a
 * Tab wrap, Escape and the close button calling `onClose`, and focus returned to whatever was
 * focused before it opened. `role="alertdialog"` for the short alerts (Payment Method Required,
 * success messages). Variants:
 * - `center` (default): a centred card opened with showModal (the page behind becomes inert);
 * - `fullscreen`: the whole viewport, modal (the mobile Shopping Cart panel);
 * - `popover`: a non-modal card placed by its positioned parent (the desktop Shopping Cart card
 *   under the navbar icon): Tab still wraps inside it, Escape and a click outside it and
 *   outside `anchor` close it;
 * - `card`: a compact modal card with a large heading and a corner close button, whose content
 *   may overflow it (e.g. a country list): the sign-in dialog;
 * - `adaptive`: full screen on a phone, a centred card from 768 px (the Categories picker).
 * On opening, an element marked `data-autofocus` takes the focus (e.g. the search box); without
 * one the browser focuses the first focusable element, usually the close button.
 */
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { trapTab } from './focus-trap.ts';
import { CloseIcon } from './icons.tsx';

/** The props of ModalDialog (see the module comment for the variants). */
export interface ModalDialogProps {
  open: boolean;
  title: string;
  /** Accessible name when it differs from the visible title (e.g. "Search products" for "Search"). */
  label?: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for alerts; default 'dialog'. */
  role?: 'dialog' | 'alertdialog';
  /** Width class of the panel on wide screens (center, popover). */
  width?: string;
  /** Whether a click on the backdrop closes it (not for forms, where it would lose input). */
  closeOnBackdrop?: boolean;
  /** Hide the × button (alerts close with their own buttons). */
  hideClose?: boolean;
  /** Id of the element describing the dialog (alerts). */
  describedBy?: string;
  /** See the module comment; default 'center'. */
  variant?: 'center' | 'fullscreen' | 'popover' | 'card' | 'adaptive';
  /** Accessible name of the × button; default "Close {title}". */
  closeLabel?: string;
  /** 'close' (default): a × at the header's end; 'back': a Back button before the title (full-screen panels). */
  dismiss?: 'close' | 'back';
  /** Shown at the header's end (e.g. an item count). */
  headerEnd?: ReactNode;
  /**
   * The children fill the body as they are, without padding or scrolling (they bring their own,
   * e.g. a list and a footer).
   */
  bare?: boolean;
  /** Id of the <dialog> (for the opener's aria-controls). */
  id?: string;
  /** Popover: pointer presses inside this element (e.g. the opener's wrapper) do not close it. */
  anchor?: RefObject<HTMLElement | null>;
  /** Where focus returns on close when the opener is not the focused element at opening (a dialog loaded lazily). */
  returnFocusTo?: HTMLElement | null;
}

/** The control focused last outside any dialog (see the open effect). */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const el = event.target as HTMLElement;
    if (el !== document.body && !el.closest('dialog')) lastFocused = el;
  });
}

/**
 * Where focus goes back to when a dialog closes, so it never falls to <body>: the opener when it
 * is still shown; when the opener sat in a panel that has closed meanwhile (the phone's profile
 * panel), the control that opens that panel (`aria-controls`); else nothing.
 */
function focusTarget(opener: HTMLElement | null): HTMLElement | null {
  if (!opener?.isConnected) return null;
  const shown = (el: Element) => el.getClientRects().length > 0;
  if (shown(opener)) return opener;
  for (let el = opener.parentElement; el; el = el.parentElement) {
    if (!el.id) continue;
    const control = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(el.id)}"]`);
    if (control && shown(control)) return control;
  }
  return null;
}

const PANEL: Record<NonNullable<ModalDialogProps['variant']>, string> = {
  center:
    'm-auto max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] overflow-hidden rounded-2xl shadow-xl backdrop:bg-slate-900/50',
  fullscreen: 'm-0 h-dvh max-h-none w-screen max-w-none',
  popover:
    'absolute left-auto right-0 top-full z-50 m-0 mt-2 overflow-hidden rounded-2xl border border-slate-200 shadow-xl',
  card: 'm-auto w-[min(26rem,calc(100vw-1.5rem))] overflow-visible rounded-2xl shadow-xl backdrop:bg-slate-900/50',
  adaptive:
    'm-0 h-dvh max-h-none w-screen max-w-none backdrop:bg-slate-900/50 md:m-auto md:h-fit md:max-h-[85vh] md:overflow-hidden md:rounded-2xl md:shadow-xl',
};

const BODY: Record<NonNullable<ModalDialogProps['variant']>, string> = {
  center: 'max-h-[calc(100dvh-1rem)]',
  fullscreen: 'h-full',
  popover: 'max-h-[min(36rem,calc(100vh-6rem))]',
  card: '',
  adaptive: 'h-full md:max-h-[85vh]',
};

const roundButton =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100';

/** A dialog; its content is rendered only while open. */
export default function ModalDialog({
  open,
  title,
  label,
  onClose,
  children,
  role,
  width = 'sm:max-w-lg',
  closeOnBackdrop = true,
  hideClose = false,
  describedBy,
  variant = 'center',
  dismiss = 'close',
  headerEnd,
  bare = false,
  id,
  anchor,
  closeLabel = `Close ${title}`,
  returnFocusTo,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();
  const modal = variant !== 'popover';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement as HTMLElement | null;
      // An opener that disabled itself (Place Order while it works) left focus on <body>: take the
      // last focused control.
      returnFocus.current = returnFocusTo ?? (!active || active === document.body ? lastFocused : active);
      if (modal) dialog.showModal();
      else dialog.show();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      // Back to the opener, unless the user has meanwhile put focus somewhere else (a popover
      // closed by a click outside).
      const active = document.activeElement;
      const back = focusTarget(returnFocus.current);
      if (back && (!active || active === document.body || dialog.contains(active))) back.focus();
    }
  }, [open, modal, returnFocusTo]);

  // A popover is not modal: Escape (unless a modal dialog is on top) and a press outside close it.
  useEffect(() => {
    if (modal || !open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (ref.current?.contains(target) || anchor?.current?.contains(target)) return;
      if (target instanceof Element && target.closest('dialog')) return;
      onCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]:modal')) onCloseRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [modal, open, anchor]);

  const closeButton = !hideClose && dismiss === 'close' && (
    <button type="button" aria-label={closeLabel} onClick={onClose} className={roundButton}>
      <CloseIcon />
    </button>
  );

  return (
    <dialog
      ref={ref}
      id={id}
      role={role}
      aria-labelledby={label ? undefined : titleId}
      aria-label={label}
      aria-describedby={describedBy}
      aria-modal={modal ? 'true' : undefined}
      onKeyDown={(e) => {
        // A dialog opened inside this one handles its own keys.
        if ((e.target as Element).closest('dialog') === ref.current) trapTab(e);
      }}
      onCancel={(e) => {
        if (e.target !== ref.current) return;
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (modal && closeOnBackdrop && e.target === ref.current) onClose();
      }}
      className={`bg-white p-0 text-slate-900 ${PANEL[variant]} ${variant === 'fullscreen' || variant === 'card' ? '' : width}`}
    >
      {open && variant === 'card' && (
        <div className="relative p-5 sm:p-6">
          {!hideClose && (
            <button
              type="button"
              aria-label={closeLabel}
              onClick={onClose}
              className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          )}
          <h2 id={titleId} className="pr-10 text-xl font-bold text-slate-900">
            {title}
          </h2>
          {children}
        </div>
      )}
      {open && variant !== 'card' && (
        <div className={`flex flex-col ${BODY[variant]}`}>
          <div
            className={`flex items-center gap-2 border-b border-slate-200 ${dismiss === 'back' ? 'px-2 py-2' : 'px-4 py-3'}`}
          >
            {dismiss === 'back' && (
              <button type="button" aria-label="Back" onClick={onClose} className={`${roundButton} text-slate-800`}>
                <svg
                  viewBox="0 0 24 24"
                  className="h-6 w-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d="M15 18l-6-6 6-6" />
                </svg>
              </button>
            )}
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {(headerEnd || closeButton) && (
              <div className="ml-auto flex items-center gap-2">
                {headerEnd}
                {closeButton}
              </div>
            )}
          </div>
          {bare ? children : <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>}
        </div>
      )}
    </dialog>
  );
}
