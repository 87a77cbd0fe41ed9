/**
 * Delete Account (docs/account-rules.md#deleting-the-account): a confirmation dialog (the shared
 * ConfirmDialog), then DELETE /api/customer/delete-account (the server revokes every session,
 * removes the personal data and clears the cookies), "Account deleted successfully!", and the home
 * page with a full reload.
 */
import { useState } from 'react';
import { clearSession } from '#features/auth/store.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { ConfirmDialog } from '#lib/ui/controls.tsx';
import type { deleteAccountRoute } from '../contract.ts';
import { ACCOUNT_MESSAGES } from '../rules.ts';

/** How long the success message shows before the reload. */
const GOODBYE_MS = 1500;

/** The confirmation dialog for deleting the account. */
export default function DeleteAccount({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      const res = await callRoute<typeof deleteAccountRoute>('DELETE /api/customer/delete-account', {
        fallbackMessage: ACCOUNT_MESSAGES.deleteAccount,
      });
      setDone(res.message ?? ACCOUNT_MESSAGES.accountDeleted);
      clearSession();
      window.setTimeout(() => window.location.assign('/'), GOODBYE_MS);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : ACCOUNT_MESSAGES.deleteAccount);
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Delete Account"
      message={
        done ? (
          <p role="status" className="font-semibold text-brand-800">
            {done}
          </p>
        ) : (
          <>
            <p>Are you sure you want to delete your account? This cannot be undone.</p>
            <p className="mt-2">
              Your profile, addresses, cart and wishlist are removed and you are signed out everywhere. Past orders are
              kept without your personal details for the shop's records.
            </p>
          </>
        )
      }
      confirmLabel="Delete Account"
      busy={busy}
      error={error}
      onConfirm={remove}
      onClose={() => {
        if (!busy) onClose();
      }}
    />
  );
}
