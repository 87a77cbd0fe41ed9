/**
 * Checkout's Payment Method radios (docs/orders-and-payments.md#payment-methods): Pay by Cash On
 * Delivery (cod), Pay by Card On Delivery (card), Pay using Credit (credit, with the available
 * credit shown; disabled, saying why, when there is none or too little for the order) and, only when the shop has an online payment gateway configured, Pay Online
 * (online → the payment modal). Nothing is chosen at first: Place Order then asks for a method
 * (Payment Method Required).
 */
import type { PaymentChoice } from '../rules.ts';

interface Props {
  value: PaymentChoice | null;
  onChange: (value: PaymentChoice) => void;
  /** Whether Pay Online is offered (PAYMENT_GATEWAY configured). */
  online: boolean;
  /** Pay using Credit: whether it pays for this order, and the line under it (creditChoice). */
  credit: { usable: boolean; hint: string };
}

export default function PaymentMethods({ value, onChange, online, credit }: Props) {
  const options: { value: PaymentChoice; label: string; hint?: string; disabled?: boolean }[] = [
    { value: 'cod', label: 'Pay by Cash On Delivery' },
    { value: 'card', label: 'Pay by Card On Delivery' },
    { value: 'credit', label: 'Pay using Credit', hint: credit.hint, disabled: !credit.usable },
  ];
  if (online) options.push({ value: 'online', label: 'Pay Online', hint: 'UPI, cards, net banking or wallet' });

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <fieldset>
        <legend className="text-lg font-semibold">Payment Method</legend>
        <div className="mt-3 space-y-2">
          {options.map((o) => (
            <label
              key={o.value}
              className={`flex items-center gap-3 rounded-xl border px-3 py-3 ${o.disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50' : value === o.value ? 'cursor-pointer border-brand-600 bg-brand-50' : 'cursor-pointer border-slate-200 hover:bg-slate-50'}`}
            >
              <input
                type="radio"
                name="payment_mode"
                value={o.value}
                checked={value === o.value && !o.disabled}
                disabled={o.disabled}
                onChange={() => onChange(o.value)}
                className="h-5 w-5 accent-brand-700 disabled:cursor-not-allowed"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{o.label}</span>
                {o.hint && <span className="block text-xs text-slate-600">{o.hint}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
