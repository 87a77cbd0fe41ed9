/**
 * The customer's Cancel for an order they may still cancel (placed, within 30 minutes): the button,
 * the confirmation dialog (focus kept inside, returned on close) and POST /api/customer/cancel-order.
 * The server decides: an order that has moved on meanwhile is refused (409) and the dialog shows why.
 * Used by Track Orders in My Account and by the tracking page.
 */
import { useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { ConfirmDialog } from '#lib/ui/controls.tsx';
import type { cancelOrderRoute } from '../contract.ts';
import { CANCEL_WINDOW_MINUTES } from '../rules.ts';

const CANCEL_FAILED = 'Failed to cancel the order.';

/** Cancel with its confirmation; `onCancelled` runs once the server has cancelled the order. */
export function CancelOrderButton({
  orderId,
  onCancelled,
  className = '',
}: {
  orderId: number;
  onCancelled: () => void | Promise<void>;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setCancelling(true);
    setError(null);
    try {
      await callRoute<typeof cancelOrderRoute>('POST /api/customer/cancel-order', {
        body: { order_id: orderId },
        fallbackMessage: CANCEL_FAILED,
      });
      setConfirming(false);
      await onCancelled();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : CANCEL_FAILED);
    } finally {
      setCancelling(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
        className={`min-h-10 rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 ${className}`}
      >
        Cancel
      </button>
      <ConfirmDialog
        open={confirming}
        title="Cancel Order"
        message={
          <p>
            Cancel order #{orderId}? Orders can be cancelled within {CANCEL_WINDOW_MINUTES} minutes of placing them,
            before we start preparing them.
          </p>
        }
        confirmLabel="Yes, cancel order"
        busy={cancelling}
        error={error}
        onConfirm={cancel}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * The tracking page's Cancel: once cancelled, the page is loaded again, so the server shows the
 * order as it now is (cancelled, with what was given back).
 */
export default function TrackCancel({ orderId }: { orderId: number }) {
  return <CancelOrderButton orderId={orderId} onCancelled={() => window.location.reload()} />;
}
