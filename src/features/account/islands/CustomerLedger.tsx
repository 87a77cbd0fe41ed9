/**
 * A customer's credit or points ledger in the back office: when, what (with the order and the
 * note) and the signed change of each line, in the order the server lists them.
 */
import { formatPaise } from '#lib/money.ts';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import type { AdminCustomer } from '../admin-customer-rules.ts';
import { adminWhen as when } from './admin-customer-format.ts';

/** One ledger as a table; `money` shows changes as rupees (paise), else as points. */
export function CustomerLedger({
  title,
  lines,
  money,
}: {
  title: string;
  lines: AdminCustomer['credit'];
  money: boolean;
}) {
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
