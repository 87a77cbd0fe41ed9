/**
 * A modal dialog for the checkout and address islands: a native <dialog> opened with
 * showModal (the page behind becomes inert), a heading that names it, a Tab wrap, Escape and
 * the close button call `onClose`, and focus returns to whatever was focused before it opened.
 * `role="alertdialog"` for the short alerts (Payment Method Required, success messages).
 * Variants: `panel` (default: a title bar over a scrolling body) and `card` (a compact card with
 * a large heading and a corner close button, its content may overflow it, e.g. a country list;
 * the sign-in dialog).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { trapTab } from './focus-trap.ts';
import { CloseIcon } from './icons.tsx';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for alerts; default 'dialog'. */
  role?: 'dialog' | 'alertdialog';
  /** Width class of the panel on wide screens. */
  width?: string;
  /** Whether a click on the backdrop closes it (not for forms, where it would lose input). */
  closeOnBackdrop?: boolean;
  /** Hide the × button (alerts close with their own buttons). */
  hideClose?: boolean;
  /** Id of the element describing the dialog (alerts). */
  describedBy?: string;
  /** 'panel' (default) or 'card' (see the module comment). */
  variant?: 'panel' | 'card';
  /** Accessible name of the × button; default "Close {title}". */
  closeLabel?: string;
}

/** A modal dialog; its content is rendered only while open. */
export default function ModalDialog({
  open,
  title,
  onClose,
  children,
  role,
  width = 'sm:max-w-lg',
  closeOnBackdrop = true,
  hideClose = false,
  describedBy,
  variant = 'panel',
  closeLabel = `Close ${title}`,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      const back = returnFocus.current;
      if (back && back.isConnected) back.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      onKeyDown={trapTab}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (closeOnBackdrop && e.target === ref.current) onClose();
      }}
      className={
        variant === 'card'
          ? 'm-auto w-[min(26rem,calc(100vw-1.5rem))] overflow-visible rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50'
          : `m-auto max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 ${width}`
      }
    >
      {open && variant === 'card' && (
        <div className="relative p-5 sm:p-6">
          {!hideClose && (
            <button type="button" aria-label={closeLabel} onClick={onClose} className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100">
              <CloseIcon className="h-5 w-5" />
            </button>
          )}
          <h2 id={titleId} className="pr-10 text-xl font-bold text-slate-900">
            {title}
          </h2>
          {children}
        </div>
      )}
      {open && variant === 'panel' && (
        <div className="flex max-h-[calc(100dvh-1rem)] flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {!hideClose && (
              <button type="button" aria-label={closeLabel} onClick={onClose} className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100">
                <CloseIcon />
              </button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
