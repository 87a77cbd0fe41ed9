/**
 * Checkout's Delivery Slot: the slots of the selected address's zone for the next
 * few days, grouped by day, as radios. Full and closed slots are disabled with the reason as
 * text. The earliest open slot is chosen at first (and again when the chosen one disappears
 * or closes), so an order always carries a slot; the choice lives in $chosenSlot, which
 * place-order sends as delivery_slot. The zone's fee, minimum order and free-delivery threshold
 * are told by the checkout's Order Summary, beside Place Order.
 */

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import type { DataOut } from '#lib/http/contract.ts';
import type { deliverySlotsRoute } from '../contract.ts';
import { $chosenSlot, $slotsVersion } from '../store.ts';

type SlotsJson = DataOut<typeof deliverySlotsRoute>;

interface Props {
  /** The selected address's PIN code (null: none selected). */
  pin: string | null;
}

export default function SlotPicker({ pin }: Props) {
  const chosen = useStore($chosenSlot);
  const version = useStore($slotsVersion);
  const [state, setState] = useState<{
    status: 'idle' | 'loading' | 'ready' | 'error';
    data: SlotsJson | null;
    message: string;
  }>({ status: 'idle', data: null, message: '' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger: a bump loads the slots again.
  useEffect(() => {
    if (!pin) {
      setState({ status: 'idle', data: null, message: '' });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    callRoute<typeof deliverySlotsRoute>('GET /api/customer/delivery-slots', {
      query: { pin },
      fallbackMessage: 'Could not load delivery slots.',
    })
      .then((r) => {
        if (!live) return;
        setState({ status: 'ready', data: r.data, message: '' });
        const open = r.data.slots.filter((s) => s.status === 'open');
        const current = $chosenSlot.get();
        if (!open.some((s) => s.id === current)) $chosenSlot.set(open[0]?.id ?? null);
      })
      .catch((err: Error) => {
        if (!live) return;
        setState({ status: 'error', data: null, message: err.message || 'Could not load delivery slots.' });
        $chosenSlot.set(null);
      });
    return () => {
      live = false;
    };
  }, [pin, version]);

  const days: { day: string; slots: SlotsJson['slots'] }[] = [];
  for (const s of state.data?.slots ?? []) {
    const last = days.at(-1);
    if (last && last.day === s.day) last.slots.push(s);
    else days.push({ day: s.day, slots: [s] });
  }

  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-busy={state.status === 'loading'}
    >
      <fieldset>
        <legend className="text-lg font-semibold">Delivery Slot</legend>
        {state.data && (
          <p className="mt-1 text-sm text-slate-600">Delivering to {state.data.zone.name}. Times are India time.</p>
        )}
        {!pin && <p className="mt-2 text-sm text-slate-600">Choose a delivery address to see the delivery slots.</p>}
        {state.status === 'loading' && !state.data && (
          <p className="mt-2 text-sm text-slate-600">Loading delivery slots…</p>
        )}
        {state.status === 'error' && (
          <p role="alert" className="mt-2 text-sm text-sale-600">
            {state.message}
          </p>
        )}
        {days.map((d) => (
          <div key={d.day} className="mt-3">
            <p className="text-sm font-semibold capitalize text-slate-800" aria-hidden="true">
              {d.day}
            </p>
            <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {d.slots.map((s) => {
                const disabled = s.status !== 'open';
                const selected = chosen === s.id;
                return (
                  <label
                    key={s.id}
                    className={`flex items-start gap-2 rounded-xl border px-3 py-2 ${disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-600' : selected ? 'cursor-pointer border-brand-600 bg-brand-50' : 'cursor-pointer border-slate-200 hover:bg-slate-50'}`}
                  >
                    <input
                      type="radio"
                      name="delivery_slot"
                      value={s.id}
                      checked={selected}
                      disabled={disabled}
                      onChange={() => $chosenSlot.set(s.id)}
                      aria-label={`${s.label}${s.reason ? ` (${s.reason})` : ''}`}
                      className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                    />
                    <span className="min-w-0">
                      <span className={`block text-sm font-medium ${disabled ? 'text-slate-600' : 'text-slate-900'}`}>
                        {s.window}
                      </span>
                      {s.reason && <span className="block text-xs text-slate-600">{s.reason}</span>}
                    </span>
                  </label>
                );
              })}
            </div>
          </div>
        ))}
        {state.data && !state.data.slots.some((s) => s.status === 'open') && (
          <p role="alert" className="mt-3 text-sm text-sale-600">
            No delivery slots are open in the next few days. Please try again later.
          </p>
        )}
      </fieldset>
    </section>
  );
}
