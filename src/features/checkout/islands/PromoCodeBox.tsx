/**
 * Checkout's Promo Code box (docs/orders-and-payments.md#promo-codes): an input and Apply, disabled
 * while the code is empty or being checked. `POST /api/customer/check-promocode`; on success the
 * server's message ("Promo code applied! 5% discount applied.") and the parent re-fetches the
 * figures with the code; a refused code shows the server's reason or "Invalid promo code."; a
 * failed call "Failed to apply promo code.". An applied code can be removed.
 */
import { useId, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import type { checkPromocodeRoute } from '../contract.ts';
import { CHECKOUT_MESSAGES } from '../rules.ts';

const { promoInvalid: INVALID, promoFailed: FAILED, promoApplied: APPLIED } = CHECKOUT_MESSAGES;

interface Props {
  /** The code in force, or null. */
  applied: string | null;
  /** Makes `code` the code in force (re-fetches the figures); may throw. */
  onApplied: (code: string) => Promise<void>;
  onRemove: () => void;
}

export default function PromoCodeBox({ applied, onApplied, onRemove }: Props) {
  const id = useId();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function apply() {
    const value = code.trim();
    if (!value || checking) return;
    setChecking(true);
    setMessage(null);
    try {
      const result = await callRoute<typeof checkPromocodeRoute>('POST /api/customer/check-promocode', {
        body: { promocode: value },
        fallbackMessage: INVALID,
      });
      await onApplied(result.data.promocode);
      setMessage({ ok: true, text: result.message || APPLIED });
      setCode('');
    } catch (err) {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      if (!refused) console.error('Promo code check failed', err);
      setMessage({ ok: false, text: refused ? err.message || INVALID : FAILED });
    } finally {
      setChecking(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Promo Code
      </h2>
      <form
        className="mt-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        <label htmlFor={`${id}-code`} className="sr-only">
          Promo code
        </label>
        <input
          id={`${id}-code`}
          type="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Enter promo code"
          autoComplete="off"
          autoCapitalize="characters"
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-400 px-3 text-base uppercase placeholder:normal-case placeholder:text-slate-500 focus:border-brand-600"
        />
        <button
          type="submit"
          disabled={!code.trim() || checking}
          className="h-11 shrink-0 rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          {checking ? 'Applying...' : 'Apply'}
        </button>
      </form>
      <div aria-live="polite">
        {message?.ok && <p className="mt-2 text-sm font-medium text-brand-700">{message.text}</p>}
      </div>
      {message && !message.ok && (
        <p role="alert" className="mt-2 text-sm font-medium text-sale-600">
          {message.text}
        </p>
      )}
      {applied && (
        <p className="mt-2 flex items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          <span>
            Code <strong>{applied}</strong> applied
          </span>
          <button
            type="button"
            onClick={() => {
              setMessage(null);
              onRemove();
            }}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Remove<span className="sr-only"> promo code {applied}</span>
          </button>
        </p>
      )}
    </section>
  );
}
