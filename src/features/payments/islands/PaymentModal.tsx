/**
 * The payment simulator's checkout (PAYMENT_GATEWAY=simulator), in the spirit of the original
 * storefront's mock payment modal (docs/orders-and-payments.md#paying-online,
 * docs/adr/0078-simulator-checkout-modal.md): it stands
 * where Razorpay's Standard Checkout opens with a real gateway, for a gateway order the checkout
 * has already created (the order awaits payment).
 *
 * A price summary and four options: UPI (a QR drawn as an inline SVG pattern, plus app
 * buttons), Cards, Net banking and Wallet. Pay Now shows processing for 2 s while the simulator
 * takes the payment and the shop verifies its signature; then "Payment Successful!" / "Your order
 * has been placed successfully." and the modal closes itself. "Decline payment" makes the
 * simulator refuse it, and closing the modal abandons it: the checkout then releases the order
 * and says "Payment processing failed.". Test payments: no money is taken and nothing typed here
 * is sent anywhere (only the option chosen).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatPaise } from '#lib/money.ts';
import ModalDialog from '#lib/ui/ModalDialog.tsx';

/** How long Pay Now shows processing. */
export const PAYMENT_DELAY_MS = 2000;
const SUCCESS_SHOWN_MS = 1200;

/** How the customer pays: what the simulator records as the payment's method. */
export type PaymentOption = 'upi' | 'card' | 'netbanking' | 'wallet';
type Option = PaymentOption;
const OPTIONS: { value: Option; label: string }[] = [
  { value: 'upi', label: 'UPI' },
  { value: 'card', label: 'Cards' },
  { value: 'netbanking', label: 'Net banking' },
  { value: 'wallet', label: 'Wallet' },
];

interface Props {
  open: boolean;
  subtotalPaise: number;
  discountPaise: number;
  pointsPaise: number;
  deliveryPaise: number;
  totalPaise: number;
  /** The customer closed it without paying (abandon). */
  onClose: () => void;
  /** Pays with `option` and verifies the payment; false when it failed (the checkout has closed the modal). */
  onPay: (option: PaymentOption) => Promise<boolean>;
  /** Makes the simulator decline the payment. */
  onDecline: (option: PaymentOption) => Promise<void>;
  /** Called once the success message has been shown. */
  onDone: () => void;
}

/** A QR-like pattern (test mode: it encodes nothing) with the three finder squares. */
function QrPattern({ seed }: { seed: number }) {
  const cells = useMemo(() => {
    const n = 25;
    const out: [number, number][] = [];
    let x = (seed * 2654435761) >>> 0 || 1;
    const finder = (r: number, c: number) => (r < 8 && c < 8) || (r < 8 && c >= n - 8) || (r >= n - 8 && c < 8);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        x >>>= 0;
        if (!finder(r, c) && x % 2 === 0) out.push([r, c]);
      }
    }
    return out;
  }, [seed]);
  const eye = (x: number, y: number) => (
    <g key={`${x}-${y}`}>
      <rect x={x} y={y} width={7} height={7} fill="#0f172a" />
      <rect x={x + 1} y={y + 1} width={5} height={5} fill="#fff" />
      <rect x={x + 2} y={y + 2} width={3} height={3} fill="#0f172a" />
    </g>
  );
  return (
    <svg
      viewBox="-1 -1 27 27"
      role="img"
      aria-label="UPI QR code (test payments)"
      className="h-44 w-44 rounded-lg border border-slate-200 bg-white p-1"
      shapeRendering="crispEdges"
    >
      <rect x={-1} y={-1} width={27} height={27} fill="#fff" />
      {cells.map(([r, c]) => (
        <rect key={`${r}-${c}`} x={c} y={r} width={1} height={1} fill="#0f172a" />
      ))}
      {eye(0, 0)}
      {eye(18, 0)}
      {eye(0, 18)}
    </svg>
  );
}

export default function PaymentModal({
  open,
  subtotalPaise,
  discountPaise,
  pointsPaise,
  deliveryPaise,
  totalPaise,
  onClose,
  onPay,
  onDecline,
  onDone,
}: Props) {
  const id = useId();
  const [option, setOption] = useState<Option>('upi');
  const [choice, setChoice] = useState('');
  const [phase, setPhase] = useState<'choose' | 'processing' | 'declining' | 'success'>('choose');
  const doneTimer = useRef<number | undefined>(undefined);
  const busy = phase === 'processing' || phase === 'declining';

  useEffect(() => {
    if (open) setPhase('choose');
  }, [open]);
  useEffect(() => () => window.clearTimeout(doneTimer.current), []);

  /** Pay Now (or Decline payment): processing for at least PAYMENT_DELAY_MS, then the outcome. */
  async function settle(decline: boolean) {
    if (busy) return;
    setPhase(decline ? 'declining' : 'processing');
    const delay = new Promise((r) => window.setTimeout(r, PAYMENT_DELAY_MS));
    const [result] = await Promise.allSettled([decline ? onDecline(option).then(() => false) : onPay(option), delay]);
    if (result.status === 'fulfilled' && result.value) {
      setPhase('success');
      doneTimer.current = window.setTimeout(onDone, SUCCESS_SHOWN_MS);
      return;
    }
    if (result.status === 'rejected') console.error('The simulated payment failed', result.reason);
    setPhase('choose');
  }

  const row = (label: string, value: string, strong = false) => (
    <div
      className={`flex justify-between ${strong ? 'border-t border-slate-200 pt-2 text-base font-semibold' : 'text-sm text-slate-700'}`}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const chip = (label: string) => (
    <button
      key={label}
      type="button"
      aria-pressed={choice === label}
      onClick={() => setChoice(label)}
      className={`h-10 rounded-lg border px-3 text-sm font-medium ${choice === label ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
    >
      {label}
    </button>
  );
  const field = 'mt-1 block h-10 w-full rounded-lg border border-slate-400 px-3 text-base';

  return (
    <ModalDialog
      open={open}
      title="Payment"
      onClose={() => !busy && phase !== 'success' && onClose()}
      closeOnBackdrop={false}
      width="sm:max-w-md"
    >
      {phase === 'success' ? (
        <div role="status" className="py-6 text-center">
          <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <svg
              viewBox="0 0 24 24"
              className="h-8 w-8"
              fill="none"
              stroke="currentColor"
              strokeWidth={2.5}
              aria-hidden="true"
            >
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
          </div>
          <p className="mt-3 text-lg font-semibold text-slate-900">Payment Successful!</p>
          <p className="mt-1 text-sm text-slate-700">Your order has been placed successfully.</p>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
            Test payments: no money is taken and nothing you type here is sent.
          </p>
          <dl className="space-y-1 rounded-xl bg-slate-50 p-3">
            {row('Subtotal', formatPaise(subtotalPaise))}
            {discountPaise > 0 && row('Discount', `−${formatPaise(discountPaise)}`)}
            {pointsPaise > 0 && row('Points', `−${formatPaise(pointsPaise)}`)}
            {row('Delivery fee', deliveryPaise > 0 ? formatPaise(deliveryPaise) : 'Free')}
            {row('Total', formatPaise(totalPaise), true)}
          </dl>
          <fieldset className="grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1">
            <legend className="sr-only">Payment option</legend>
            {OPTIONS.map((o) => (
              <label
                key={o.value}
                className={`relative flex h-10 cursor-pointer items-center justify-center rounded-lg text-xs font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 sm:text-sm ${option === o.value ? 'bg-white text-brand-800 shadow' : 'text-slate-700'}`}
              >
                {/* A native radio (arrow keys, form semantics) laid over the whole segment, invisible. */}
                <input
                  type="radio"
                  name={`${id}-option`}
                  value={o.value}
                  checked={option === o.value}
                  onChange={() => {
                    setOption(o.value);
                    setChoice('');
                  }}
                  className="absolute inset-0 cursor-pointer appearance-none opacity-0"
                />
                {o.label}
              </label>
            ))}
          </fieldset>
          <div className="min-h-40">
            {option === 'upi' && (
              <div className="flex flex-col items-center gap-3">
                <QrPattern seed={totalPaise} />
                <p className="text-sm text-slate-700">Scan with any UPI app, or choose one:</p>
                <div className="flex flex-wrap justify-center gap-2">
                  {['Google Pay', 'PhonePe', 'Paytm', 'BHIM'].map(chip)}
                </div>
              </div>
            )}
            {option === 'card' && (
              <div className="grid grid-cols-2 gap-3">
                <label className="col-span-2 text-sm font-medium text-slate-800">
                  Card number
                  <input className={field} inputMode="numeric" autoComplete="off" placeholder="4111 1111 1111 1111" />
                </label>
                <label className="text-sm font-medium text-slate-800">
                  Expiry
                  <input className={field} autoComplete="off" placeholder="MM/YY" />
                </label>
                <label className="text-sm font-medium text-slate-800">
                  CVV
                  <input className={field} inputMode="numeric" autoComplete="off" placeholder="123" />
                </label>
              </div>
            )}
            {option === 'netbanking' && (
              <div className="flex flex-wrap gap-2">
                {['SBI', 'HDFC Bank', 'ICICI Bank', 'Federal Bank', 'Axis Bank'].map(chip)}
              </div>
            )}
            {option === 'wallet' && (
              <div className="flex flex-wrap gap-2">{['Paytm Wallet', 'Amazon Pay', 'Mobikwik'].map(chip)}</div>
            )}
          </div>
          <div aria-live="polite" id={`${id}-status`} className="sr-only">
            {phase === 'processing' ? 'Processing payment...' : phase === 'declining' ? 'Declining payment...' : ''}
          </div>
          <button
            type="button"
            onClick={() => void settle(false)}
            disabled={busy}
            className="flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-brand-700 text-base font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {phase === 'processing' && (
              <span
                className="h-5 w-5 animate-spin rounded-full border-2 border-white/40 border-t-white"
                aria-hidden="true"
              />
            )}
            {phase === 'processing' ? 'Processing...' : `Pay Now ${formatPaise(totalPaise)}`}
          </button>
          <button
            type="button"
            onClick={() => void settle(true)}
            disabled={busy}
            className="h-10 w-full rounded-xl border border-slate-300 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70"
          >
            {phase === 'declining' ? 'Declining...' : 'Decline payment'}
          </button>
        </div>
      )}
    </ModalDialog>
  );
}
