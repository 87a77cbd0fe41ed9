/**
 * "Log out of all devices" in My Account: a confirmation dialog (the shared ConfirmDialog), then
 * POST /api/customer/logout-all-devices (the server ends every session of the customer, this one
 * included, and clears the cookies), the server's message, and the home page signed out.
 */
import { useState } from 'react';
import type { logoutAllDevicesRoute } from '#features/auth/contract.ts';
import { clearSession } from '#features/auth/store.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { ConfirmDialog } from '#lib/ui/controls.tsx';

/** How long the success message shows before the reload. */
const GOODBYE_MS = 1500;
const FAILED = 'We could not log you out of all devices. Please try again.';
/** Shown if the server's answer carries no message (it says the same). */
const DONE = 'You have been logged out of all devices.';

/** The confirmation dialog for ending every session of the customer. */
export default function LogOutAllDevices({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function logOutEverywhere() {
    setBusy(true);
    setError(null);
    try {
      const res = await callRoute<typeof logoutAllDevicesRoute>('POST /api/customer/logout-all-devices', {
        fallbackMessage: FAILED,
      });
      setDone(res.message ?? DONE);
      clearSession();
      window.setTimeout(() => window.location.assign('/'), GOODBYE_MS);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : FAILED);
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Log out of all devices"
      message={
        done ? (
          <p role="status" className="font-semibold text-brand-800">
            {done}
          </p>
        ) : (
          <p>
            Log out everywhere you are signed in, this device included? Use it if you signed in on a device you no
            longer have. You can log in again with an OTP.
          </p>
        )
      }
      confirmLabel="Log out of all devices"
      busy={busy}
      error={error}
      onConfirm={logOutEverywhere}
      onClose={() => {
        if (!busy) onClose();
      }}
    />
  );
}
