/**
 * "Collect by UPI QR" on the rider's phone at the door (ADR 0141): asks the server for a
 * single-use UPI QR for exactly the amount due (POST /api/admin/orders/{id}/upi-qr; the server
 * computes the amount, `amountPaise` is what the rider was shown and asks anew when it changes),
 * shows the gateway's QR image for the customer to scan with the amount, and polls where it stands
 * (GET, every POLL_MS) with "Waiting for payment…" announced politely until "Paid ₹…". An expired
 * or replaced QR, or one the server could not make, offers "Make a new QR". The payment simulator's
 * QR (a local http address the page may not load as an image) is shown as a link to its "scan and
 * pay" page instead. Offered only when a gateway is configured (upiQrAvailable()).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { makeUpiQrRoute, UpiQrJson, upiQrStateRoute } from '#features/payments/contract.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';

/** How often the panel asks whether the QR is paid (ms). */
export const POLL_MS = 2500;

interface Props {
  orderId: number;
  /** The amount due the rider was shown (paise); a change asks for a QR anew. */
  amountPaise: number;
  /** Called once, when the order is paid by the QR. */
  onPaid?: () => void;
}

/** The error's message, or a session message for a 401. */
function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError)
    return err.status === 401 ? 'Your session has expired. Please log in again.' : err.message;
  return fallback;
}

/** Where the order's QR stands now. */
async function readState(orderId: number): Promise<UpiQrJson> {
  const { data } = await callRoute<typeof upiQrStateRoute>('GET /api/admin/orders/{id}/upi-qr', {
    params: { id: orderId },
    fallbackMessage: 'Could not check the payment: retrying.',
  });
  return data.upi_qr;
}

export default function UpiQrPanel({ orderId, amountPaise, onPaid }: Props) {
  const [qr, setQr] = useState<UpiQrJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const [makeFailed, setMakeFailed] = useState(false);
  const paidOnce = useRef(false);

  const make = useCallback(async () => {
    setMaking(true);
    setMakeFailed(false);
    setError(null);
    try {
      const { data } = await callRoute<typeof makeUpiQrRoute>('POST /api/admin/orders/{id}/upi-qr', {
        params: { id: orderId },
        fallbackMessage: 'The UPI QR could not be made. Please try again, or collect cash.',
      });
      setQr(data.upi_qr);
    } catch (err) {
      // 409: nothing to make (paid already, prepaid, not out for delivery): a paid order reads as paid.
      if (err instanceof ApiError && err.status === 409) {
        const paid = await readState(orderId).catch(() => null);
        if (paid?.order_payment_status === 'paid') {
          setQr(paid);
          return;
        }
      } else setMakeFailed(true);
      setError(messageOf(err, 'The UPI QR could not be made. Please try again, or collect cash.'));
    } finally {
      setMaking(false);
    }
  }, [orderId]);

  // A QR for the amount due, made again when the amount the rider sees changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: amountPaise is the trigger, the server computes the amount
  useEffect(() => {
    void make();
  }, [make, amountPaise]);

  const status = qr?.status;
  useEffect(() => {
    if (status !== 'active') return;
    const timer = setInterval(async () => {
      try {
        setQr(await readState(orderId));
        setError(null);
      } catch (err) {
        setError(messageOf(err, 'Could not check the payment: retrying.'));
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [orderId, status]);

  const paid = status === 'paid' || qr?.order_payment_status === 'paid';
  useEffect(() => {
    if (paid && !paidOnce.current) {
      paidOnce.current = true;
      onPaid?.();
    }
  }, [paid, onPaid]);

  const amount = formatPaise(qr?.qr?.amount_paise ?? qr?.amount_due_paise ?? amountPaise);
  const imageUrl = qr?.qr?.image_url ?? null;
  const again = !paid && !making && (makeFailed || status === 'expired' || status === 'closed');

  return (
    <section aria-labelledby={`upi-qr-${orderId}`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`upi-qr-${orderId}`} className="text-lg font-semibold text-slate-900">
        Collect {amount} by UPI QR
      </h2>
      {paid ? (
        <p className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-3 text-base font-semibold text-brand-800">
          Paid {amount} by UPI
        </p>
      ) : status === 'active' && imageUrl ? (
        <div className="mt-3 flex flex-col items-center gap-2">
          {imageUrl.startsWith('https://') ? (
            <img
              src={imageUrl}
              alt={`UPI QR code for ${amount}`}
              width={240}
              height={240}
              className="h-60 w-60 rounded-lg border border-slate-200 bg-white object-contain"
            />
          ) : (
            <a
              href={imageUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-48 w-full max-w-60 items-center justify-center rounded-lg border-2 border-dashed border-slate-300 p-4 text-center font-semibold text-brand-700 underline"
            >
              Open the QR to scan and pay (payment simulator)
            </a>
          )}
          <p className="text-sm text-slate-700">Ask the customer to scan it with any UPI app and pay {amount}.</p>
        </div>
      ) : null}
      <p aria-live="polite" className="mt-3 text-sm font-medium text-slate-800">
        {paid
          ? `Payment received: ${amount}.`
          : making
            ? 'Making the QR…'
            : status === 'active'
              ? 'Waiting for payment…'
              : status === 'expired'
                ? 'This QR has expired unpaid.'
                : status === 'closed'
                  ? 'This QR was replaced.'
                  : ''}
      </p>
      <ErrorText message={error} />
      {again && (
        <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => void make()}>
          Make a new QR
        </button>
      )}
    </section>
  );
}
