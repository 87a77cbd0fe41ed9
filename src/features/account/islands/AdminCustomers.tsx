/**
 * The back office's customers (/admin/customers): find one by mobile or name, then their
 * balances, orders, addresses and the credit and points ledgers, and forms to adjust credit or
 * points with a reason. Each adjustment carries an idempotency key made when the form is filled
 * and kept until it succeeds, so a retried Save never adjusts twice. Results are announced.
 */
import { type FormEvent, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { adminFailure, typedRupeesToPaise } from '#lib/ui/admin-errors.ts';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import { buttonPrimary } from '#lib/ui/controls.tsx';
import { type AdminCustomer, type AdminCustomerHit, customerQueryOk } from '../admin-customer-rules.ts';
import type { adjustCreditRoute, adjustPointsRoute, adminCustomerRoute, adminCustomersRoute } from '../contract.ts';

const input =
  'mt-1 block h-10 w-full rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus:border-brand-700';
const when = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
const newKey = () => `adj-${crypto.randomUUID()}`;

function Adjust({
  kind,
  customer,
  onDone,
}: {
  kind: 'credit' | 'points';
  customer: AdminCustomer;
  onDone: (c: AdminCustomer, text: string) => void;
}) {
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'add' | 'take'>('add');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const label = kind === 'credit' ? 'Adjust credit' : 'Adjust points';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const size =
      kind === 'credit' ? typedRupeesToPaise(amount) : /^\d{1,7}$/.test(amount.trim()) ? Number(amount) : null;
    if (!size)
      return setError(kind === 'credit' ? 'Give an amount in rupees, e.g. 100.' : 'Give a whole number of points.');
    if (reason.trim().length < 3) return setError('Give a reason (3 to 200 characters).');
    const signed = direction === 'add' ? size : -size;
    setBusy(true);
    setError(null);
    try {
      const result =
        kind === 'credit'
          ? await callRoute<typeof adjustCreditRoute>('POST /api/admin/customers/{id}/credit', {
              params: { id: customer.id },
              body: { amount_paise: signed, reason, idempotency_key: key },
            })
          : await callRoute<typeof adjustPointsRoute>('POST /api/admin/customers/{id}/points', {
              params: { id: customer.id },
              body: { points: signed, reason, idempotency_key: key },
            });
      setAmount('');
      setReason('');
      setKey(newKey());
      onDone(
        result.data.customer,
        kind === 'credit'
          ? `Credit is now ${formatPaise(result.data.customer.creditBalancePaise)}.`
          : `Points are now ${result.data.customer.pointsBalance}.`,
      );
    } catch (err) {
      setError(adminFailure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-h`}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id={`${id}-h`} className="font-semibold text-slate-900">
        {label}
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-[8rem_1fr]">
        <label className="text-sm font-medium text-slate-800">
          Add or take
          <select className={input} value={direction} onChange={(e) => setDirection(e.target.value as 'add' | 'take')}>
            <option value="add">Add</option>
            <option value="take">Take away</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {kind === 'credit' ? 'Amount (₹)' : 'Points'}
          <input
            className={input}
            inputMode={kind === 'credit' ? 'decimal' : 'numeric'}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label className="text-sm font-medium text-slate-800 sm:col-span-2">
          Reason
          <input className={input} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </label>
      </div>
      <button type="submit" className={`${buttonPrimary} mt-3 h-10 px-4`} disabled={busy}>
        {label}
      </button>
      <p role="alert" className="mt-2 text-sm text-red-700">
        {error}
      </p>
    </form>
  );
}

function Ledger({ title, lines, money }: { title: string; lines: AdminCustomer['credit']; money: boolean }) {
  return (
    <ScrollRegion label={title} className="rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="bg-slate-100 px-2 py-2 text-left font-semibold text-slate-900">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1">
              When
            </th>
            <th scope="col" className="px-2 py-1">
              What
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 && (
            <tr>
              <td colSpan={3} className="px-2 py-2 text-slate-700">
                None yet.
              </td>
            </tr>
          )}
          {lines.map((l) => (
            <tr key={l.id} className="border-t border-slate-200">
              <td className="px-2 py-1">{when(l.createdAt)}</td>
              <td className="px-2 py-1">
                {l.kind}
                {l.orderId ? `, order #${l.orderId}` : ''}
                {l.note ? `: ${l.note}` : ''}
              </td>
              <td className="px-2 py-1 text-right">
                {l.amount > 0 ? '+' : ''}
                {money ? formatPaise(l.amount) : l.amount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export default function AdminCustomers() {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<AdminCustomerHit[] | null>(null);
  const [customer, setCustomer] = useState<AdminCustomer | null>(null);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const id = useId();

  async function search(event: FormEvent) {
    event.preventDefault();
    if (!customerQueryOk(q))
      return setStatus({ error: true, text: 'Type at least 2 letters of a name or 3 digits of a mobile number.' });
    try {
      const { data } = await callRoute<typeof adminCustomersRoute>('GET /api/admin/customers', { query: { q } });
      setHits(data.customers);
      setStatus({ error: false, text: `${data.customers.length} found.` });
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    }
  }

  async function open(customerId: number) {
    try {
      const { data } = await callRoute<typeof adminCustomerRoute>('GET /api/admin/customers/{id}', {
        params: { id: customerId },
      });
      setCustomer(data.customer);
      setStatus(null);
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form aria-label="Find a customer" noValidate onSubmit={search} className="flex flex-wrap items-end gap-3">
        <label className="min-w-[14rem] flex-1 text-sm font-medium text-slate-800" htmlFor={`${id}-q`}>
          Mobile number or name
          <input id={`${id}-q`} type="search" className={input} value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit" className={`${buttonPrimary} h-10 px-4`}>
          Find
        </button>
      </form>
      <p role="status" className={`text-sm ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
        {status?.text}
      </p>
      {hits && hits.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {hits.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                className="flex w-full flex-wrap justify-between gap-2 px-3 py-3 text-left hover:bg-slate-50"
                aria-current={customer?.id === h.id ? true : undefined}
                onClick={() => void open(h.id)}
              >
                <span className="font-medium text-slate-900">{h.name ?? 'No name'}</span>
                <span className="text-slate-700">
                  {h.phone} · {h.ordersCount} orders
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {customer && (
        <section aria-labelledby={`${id}-c`} className="flex min-w-0 flex-col gap-4">
          <h2 id={`${id}-c`} className="text-xl font-semibold text-slate-900">
            {customer.name ?? 'No name'}{' '}
            <span className="font-normal text-slate-700">
              {customer.phone && <a href={`tel:${customer.phone}`}>{customer.phone}</a>}
            </span>
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-sm text-slate-700">Credit available</dt>
              <dd className="text-lg font-semibold">{formatPaise(customer.creditBalancePaise)}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-sm text-slate-700">Credit limit</dt>
              <dd className="text-lg font-semibold">{formatPaise(customer.creditLimitPaise)}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-sm text-slate-700">Points</dt>
              <dd className="text-lg font-semibold">{customer.pointsBalance}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-sm text-slate-700">Orders</dt>
              <dd className="text-lg font-semibold">{customer.orders.length}</dd>
            </div>
          </dl>
          <div className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
            <Adjust
              kind="credit"
              customer={customer}
              onDone={(c, text) => {
                setCustomer(c);
                setStatus({ error: false, text });
              }}
            />
            <Adjust
              kind="points"
              customer={customer}
              onDone={(c, text) => {
                setCustomer(c);
                setStatus({ error: false, text });
              }}
            />
          </div>
          <div className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
            <Ledger title="Credit transactions" lines={customer.credit} money />
            <Ledger title="Points transactions" lines={customer.points} money={false} />
          </div>
          <ScrollRegion label="Orders" className="rounded-lg border border-slate-200 bg-white">
            <table className="w-full min-w-[24rem] text-left text-sm">
              <caption className="bg-slate-100 px-2 py-2 text-left font-semibold text-slate-900">Orders</caption>
              <thead>
                <tr>
                  {['Order', 'Placed', 'Status', 'Payment', 'Paid'].map((h) => (
                    <th key={h} scope="col" className="px-2 py-1">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {customer.orders.map((o) => (
                  <tr key={o.id} className="border-t border-slate-200">
                    <td className="px-2 py-1">
                      <a className="text-brand-800 underline" href={`/admin/orders/${o.id}`}>
                        #{o.id}
                      </a>
                    </td>
                    <td className="px-2 py-1">{when(o.createdAt)}</td>
                    <td className="px-2 py-1">{o.status.replaceAll('_', ' ')}</td>
                    <td className="px-2 py-1">
                      {o.paymentMode}, {o.paymentStatus}
                    </td>
                    <td className="px-2 py-1">{formatPaise(o.paidAmountPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <div>
            <h3 className="font-semibold text-slate-900">Addresses</h3>
            <ul className="mt-2 space-y-2">
              {customer.addresses.map((a) => (
                <li key={a.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                  <span className="font-medium">
                    {a.type}
                    {a.isDefault ? ' (default)' : ''}
                  </span>
                  : {a.name}, {a.line}, {a.mobile}
                </li>
              ))}
              {customer.addresses.length === 0 && <li className="text-sm text-slate-700">No addresses.</li>}
            </ul>
          </div>
        </section>
      )}
    </div>
  );
}
