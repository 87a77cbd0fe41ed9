/**
 * A message with one OK button, on the one dialog primitive (ModalDialog, role alertdialog):
 * focus starts on OK, which closes it; the message describes the dialog. Used for "Address
 * Saved" and "Payment Method Required".
 */
import { type ReactNode, useId } from 'react';
import ModalDialog from './ModalDialog.tsx';

export function AlertDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const textId = useId();
  return (
    <ModalDialog open={open} title={title} role="alertdialog" onClose={onClose} hideClose describedBy={textId}>
      <p id={textId} className="text-base text-slate-800">
        {children}
      </p>
      <div className="mt-5 flex justify-end">
        <button
          type="button"
          data-autofocus
          onClick={onClose}
          className="h-11 rounded-lg bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800"
        >
          OK
        </button>
      </div>
    </ModalDialog>
  );
}
