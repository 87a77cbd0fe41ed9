/**
 * One customer in the back office (/admin/customers): name and phone, balances, their adjustments
 * waiting for approval, the forms to adjust credit or points, the credit and points ledgers, their orders (unpaid online payment attempts counted and listed apart) and their addresses.
 */
import { type ReactNode, useId } from 'react';
import { formatPaise } from '#lib/money.ts';
import { formatPhone } from '#lib/phone.ts';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import { type AdminCustomer, type AdminCustomerOrder, attemptsText } from '../admin-customer-rules.ts';
import { AdjustBalanceForm } from './AdjustBalanceForm.tsx';
import { adminWhen as when } from './admin-customer-format.ts';
import { CustomerLedger } from './CustomerLedger.tsx';

/** A table of orders (or of unpaid attempts), each linking to its order page. */
function OrderTable({ title, rows, empty }: { title: string; rows: AdminCustomerOrder[]; empty: string }) {
  return (
    <ScrollRegion label={title} className="rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[24rem] text-left text-sm">
        <caption className="bg-slate-100 px-2 py-2 text-left font-semibold text-slate-900">{title}</caption>
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
          {rows.map((o) => (
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
                {o.gatewayOrderId && <span className="block break-all text-slate-600">{o.gatewayOrderId}</span>}
              </td>
              <td className="px-2 py-1">{formatPaise(o.paidAmountPaise)}</td>
            </tr>
          ))}
          {rows.length === 0 && empty && (
            <tr>
              <td colSpan={5} className="px-2 py-2 text-slate-700">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * The customer's page; `onAdjusted` gets the customer after an adjustment, a line to announce and
 * whether it waits for approval; `waiting` is the customer's list of adjustments waiting for approval.
 */
export function CustomerDetail({
  customer,
  onAdjusted,
  waiting,
}: {
  customer: AdminCustomer;
  onAdjusted: (c: AdminCustomer, text: string, waiting: boolean) => void;
  waiting: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-c`} className="flex min-w-0 flex-col gap-4">
      <h2 id={`${id}-c`} className="text-xl font-semibold text-slate-900">
        {customer.name ?? 'No name'}{' '}
        <span className="font-normal text-slate-700">
          {customer.phone && (
            <a href={`tel:${customer.phone}`} className="whitespace-nowrap">
              {formatPhone(customer.phone)}
            </a>
          )}
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
          <dd className="text-lg font-semibold">{customer.ordersCount}</dd>
          {customer.attemptsCount > 0 && (
            <dd className="text-sm text-slate-700">{attemptsText(customer.attemptsCount)}, not counted</dd>
          )}
        </div>
      </dl>
      {waiting}
      <div className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
        <AdjustBalanceForm kind="credit" customer={customer} onDone={onAdjusted} />
        <AdjustBalanceForm kind="points" customer={customer} onDone={onAdjusted} />
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
        <CustomerLedger title="Credit transactions" lines={customer.credit} money />
        <CustomerLedger title="Points transactions" lines={customer.points} money={false} />
      </div>
      <OrderTable title="Orders" rows={customer.orders} empty="No orders." />
      {customer.attemptsCount > 0 && (
        <OrderTable title={`Unpaid attempts (${customer.attemptsCount})`} rows={customer.attempts} empty="" />
      )}
      <div>
        <h3 className="font-semibold text-slate-900">Addresses</h3>
        <ul className="mt-2 space-y-2">
          {customer.addresses.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
              <span className="font-medium">
                {a.type}
                {a.isDefault ? ' (default)' : ''}
              </span>
              : {a.name}, {a.line}, <span className="whitespace-nowrap">{formatPhone(a.mobile)}</span>
            </li>
          ))}
          {customer.addresses.length === 0 && <li className="text-sm text-slate-700">No addresses.</li>}
        </ul>
      </div>
    </section>
  );
}
