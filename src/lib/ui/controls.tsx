/**
 * Building blocks of the account, address and order islands: a modal dialog (native <dialog> with
 * showModal, Tab wrap, Escape, focus returned on close), a confirm dialog, a message dialog, the
 * error line, button classes, small icons, and rupee and image helpers for API JSON.
 */
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Svg } from './icons.tsx';
import type { ModalDialogProps } from './ModalDialog.tsx';

/** Rupees from the API (number or 2-decimal string) to paise, for `formatPaise`. */
export const toPaise = (rupees: number | string | null | undefined): number => {
  const n = typeof rupees === 'number' ? rupees : Number(rupees ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

/** An item image as a URL (the spec allows a string path or an object with url). */
export const itemImage = (image: string | { url: string } | null | undefined): string =>
  (typeof image === 'string' ? image : image?.url) || '/images/placeholder.svg';

export const buttonPrimary =
  'inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';
export const buttonSecondary =
  'inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
export const buttonDanger =
  'inline-flex min-h-10 items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

type DialogProps = Pick<ModalDialogProps, 'open' | 'title' | 'onClose' | 'children' | 'role' | 'width' | 'describedBy'>;

// The dialog primitive loads when a dialog first opens, not with My Account (which always holds
// closed ones: Delete Account, Cancel Order).
const ModalDialog = lazy(() => import('#lib/ui/ModalDialog.tsx'));

/**
 * A modal dialog (the shared ModalDialog; a backdrop click does not close it). Nothing is
 * rendered until it first opens; from then on it stays mounted, so closing it returns focus as
 * the primitive does.
 */
export function Dialog({ role = 'dialog', width = 'sm:max-w-md', ...props }: DialogProps) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} role={role} width={width} closeOnBackdrop={false} />
    </Suspense>
  );
}

/** A yes/no question (confirm delete address, confirm delete account, confirm cancel order). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  error,
  danger = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const descId = useId();
  return (
    <Dialog open={open} title={title} onClose={onClose} role="alertdialog" describedBy={descId}>
      <div id={descId} className="text-sm text-slate-700">
        {message}
      </div>
      <ErrorText message={error} />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonSecondary} onClick={onClose} disabled={busy} data-autofocus>
          No, keep it
        </button>
        <button
          type="button"
          className={danger ? buttonDanger : buttonPrimary}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Please wait...' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** A message with an OK button (the address book's success dialogs). */
export function MessageDialog({
  open,
  title,
  message,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
}) {
  const descId = useId();
  return (
    <Dialog open={open} title={title} onClose={onClose} role="alertdialog" describedBy={descId}>
      <p id={descId} className="text-sm text-slate-700">
        {message}
      </p>
      <div className="mt-5 flex justify-end">
        <button type="button" className={buttonPrimary} onClick={onClose} data-autofocus>
          OK
        </button>
      </div>
    </Dialog>
  );
}

/** An error line announced to screen readers; renders nothing without a message. */
export function ErrorText({
  message,
  className = 'mt-3',
  id,
}: {
  message?: string | null;
  className?: string;
  /** For a control it explains (`aria-describedby`). */
  id?: string;
}) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className={`${className} rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800`}
    >
      {message}
    </p>
  );
}

/** Small inline icons (24×24, currentColor, hidden from assistive technology). */
export function PencilIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </Svg>
  );
}

export function TrashIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Svg>
  );
}

export function ChevronIcon({
  className = 'h-4 w-4',
  direction = 'right',
}: {
  className?: string;
  direction?: 'left' | 'right' | 'down' | 'up';
}) {
  const d = { right: 'm9 6 6 6-6 6', left: 'm15 6-6 6 6 6', down: 'm6 9 6 6 6-6', up: 'm6 15 6-6 6 6' }[direction];
  return (
    <Svg className={className}>
      <path d={d} />
    </Svg>
  );
}
