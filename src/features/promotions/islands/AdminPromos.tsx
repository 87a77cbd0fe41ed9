/**
 * The back office's promo codes (/admin/promos): every code with its discount, minimum order,
 * window, uses and state; a form to create one (percent or amount off, minimum order, start and
 * end, uses per customer and in total); End now on a code still running. Results are announced.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { adminFailure, fieldErrors, typedRupeesToPaise } from '#lib/ui/admin-errors.ts';
import { buttonPrimary, buttonSecondary } from '#lib/ui/controls.tsx';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import type { adminPromosRoute, createPromoRoute, endPromoRoute } from '../contract.ts';
import { type AdminPromo, PROMO_STATE_LABELS } from '../rules.ts';

const input =
  'mt-1 block h-10 w-full rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus:border-brand-700';
const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
        new Date(iso),
      )
    : '—';
/** A datetime-local value (shop time) as an ISO instant with the +05:30 offset. */
const shopInstant = (local: string) => (local ? `${local}:00+05:30` : null);

const EMPTY = {
  code: '',
  kind: 'percent',
  amount: '',
  minOrder: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  perCustomer: '',
};

export default function AdminPromos() {
  const [promos, setPromos] = useState<AdminPromo[] | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const reload = () =>
    callRoute<typeof adminPromosRoute>('GET /api/admin/promos', {})
      .then(({ data }) => setPromos(data.promos))
      .catch((err) => setStatus({ error: true, text: adminFailure(err) }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, on mount
  useEffect(() => {
    void reload();
  }, []);

  async function create(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const whole = (text: string) => (/^\d{1,8}$/.test(text.trim()) ? Number(text.trim()) : null);
    const amount = form.kind === 'amount' ? typedRupeesToPaise(form.amount) : whole(form.amount);
    if (amount === null || amount === 0)
      problems[form.kind === 'amount' ? 'amount_off_paise' : 'percent_off'] =
        form.kind === 'amount' ? 'Give the amount off in rupees, e.g. 50.' : 'Give the percent off, 1 to 100.';
    const minOrder = form.minOrder.trim() ? typedRupeesToPaise(form.minOrder) : 0;
    if (minOrder === null) problems.min_order_paise = 'The minimum order must be an amount in rupees.';
    const maxUses = form.maxUses.trim() ? whole(form.maxUses) : null;
    const perCustomer = form.perCustomer.trim() ? whole(form.perCustomer) : null;
    if (Object.keys(problems).length) {
      setErrors(problems);
      setStatus({ error: true, text: 'Please correct the marked fields.' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { data } = await callRoute<typeof createPromoRoute>('POST /api/admin/promos', {
        body: {
          code: form.code,
          kind: form.kind as 'percent' | 'amount',
          ...(form.kind === 'amount' ? { amount_off_paise: amount! } : { percent_off: amount! }),
          min_order_paise: minOrder!,
          starts_at: shopInstant(form.startsAt),
          ends_at: shopInstant(form.endsAt),
          max_uses: maxUses,
          per_customer_limit: perCustomer,
        },
      });
      setForm(EMPTY);
      setStatus({ error: false, text: `Promo code ${data.promo.code} created.` });
      await reload();
    } catch (err) {
      setErrors(fieldErrors(err));
      setStatus({ error: true, text: adminFailure(err) });
    } finally {
      setBusy(false);
    }
  }

  async function end(promo: AdminPromo) {
    try {
      await callRoute<typeof endPromoRoute>('POST /api/admin/promos/{id}/end', { params: { id: promo.id } });
      setStatus({ error: false, text: `Promo code ${promo.code} ended.` });
      await reload();
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    }
  }

  const err = (key: string) =>
    errors[key] ? (
      <span id={`${id}-${key}`} className="mt-1 block text-sm text-red-700">
        {errors[key]}
      </span>
    ) : null;
  const describedBy = (key: string) =>
    errors[key] ? { 'aria-describedby': `${id}-${key}`, 'aria-invalid': true } : {};

  return (
    <div className="flex flex-col gap-6">
      <p role="status" className={`text-sm ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
        {status?.text}
      </p>
      <section aria-labelledby={`${id}-list`} className="min-w-0">
        <h2 id={`${id}-list`} className="text-lg font-semibold text-slate-900">
          Promo codes
        </h2>
        {!promos ? (
          <p>Loading…</p>
        ) : (
          <ScrollRegion label="Promo codes table" className="mt-2 rounded-lg border border-slate-200 bg-white">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Every promo code, newest first</caption>
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  {['Code', 'Off', 'Minimum order', 'From', 'Until', 'Uses', 'State', ''].map((h) => (
                    <th key={h} scope="col" className="px-2 py-2">
                      {h || <span className="sr-only">Actions</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {promos.map((p) => (
                  <tr key={p.id} className="border-t border-slate-200">
                    <th scope="row" className="px-2 py-2 font-mono font-semibold text-slate-900">
                      {p.code}
                    </th>
                    <td className="px-2 py-2">
                      {p.percentOff !== null ? `${p.percentOff}%` : formatPaise(p.amountOffPaise ?? 0)}
                    </td>
                    <td className="px-2 py-2">{p.minOrderPaise ? formatPaise(p.minOrderPaise) : '—'}</td>
                    <td className="px-2 py-2">{when(p.startsAt)}</td>
                    <td className="px-2 py-2">{when(p.endsAt)}</td>
                    <td className="px-2 py-2">
                      {p.usesCount}
                      {p.maxUses !== null ? ` of ${p.maxUses}` : ''}
                      {p.perCustomerLimit !== null ? `, ${p.perCustomerLimit} per customer` : ''}
                    </td>
                    <td className="px-2 py-2">{PROMO_STATE_LABELS[p.state]}</td>
                    <td className="px-2 py-2">
                      {(p.state === 'active' || p.state === 'scheduled' || p.state === 'used_up') && (
                        <button type="button" className={`${buttonSecondary} h-9 px-3`} onClick={() => void end(p)}>
                          End now<span className="sr-only"> {p.code}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      <section aria-labelledby={`${id}-new`} className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={`${id}-new`} className="text-lg font-semibold text-slate-900">
          New promo code
        </h2>
        <form noValidate onSubmit={create} className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <label className="text-sm font-medium text-slate-800">
            Code
            <input className={`${input} uppercase`} value={form.code} onChange={set('code')} {...describedBy('code')} />
            {err('code')}
          </label>
          <label className="text-sm font-medium text-slate-800">
            Discount
            <select className={input} value={form.kind} onChange={set('kind')}>
              <option value="percent">Percent off</option>
              <option value="amount">Amount off (₹)</option>
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            {form.kind === 'amount' ? 'Amount off (₹)' : 'Percent off (%)'}
            <input
              className={input}
              inputMode="decimal"
              value={form.amount}
              onChange={set('amount')}
              {...describedBy(form.kind === 'amount' ? 'amount_off_paise' : 'percent_off')}
            />
            {err(form.kind === 'amount' ? 'amount_off_paise' : 'percent_off')}
          </label>
          <label className="text-sm font-medium text-slate-800">
            Minimum order (₹)
            <input
              className={input}
              inputMode="decimal"
              value={form.minOrder}
              onChange={set('minOrder')}
              {...describedBy('min_order_paise')}
            />
            {err('min_order_paise')}
          </label>
          <label className="text-sm font-medium text-slate-800">
            Starts (shop time; empty: now)
            <input type="datetime-local" className={input} value={form.startsAt} onChange={set('startsAt')} />
          </label>
          <label className="text-sm font-medium text-slate-800">
            Ends (empty: no end)
            <input
              type="datetime-local"
              className={input}
              value={form.endsAt}
              onChange={set('endsAt')}
              {...describedBy('ends_at')}
            />
            {err('ends_at')}
          </label>
          <label className="text-sm font-medium text-slate-800">
            Uses in total (empty: no limit)
            <input
              className={input}
              inputMode="numeric"
              value={form.maxUses}
              onChange={set('maxUses')}
              {...describedBy('max_uses')}
            />
            {err('max_uses')}
          </label>
          <label className="text-sm font-medium text-slate-800">
            Uses per customer (empty: no limit)
            <input
              className={input}
              inputMode="numeric"
              value={form.perCustomer}
              onChange={set('perCustomer')}
              {...describedBy('per_customer_limit')}
            />
            {err('per_customer_limit')}
          </label>
          <div className="sm:col-span-2 lg:col-span-4">
            <button type="submit" className={`${buttonPrimary} h-11 px-6`} disabled={busy}>
              Create promo code
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
