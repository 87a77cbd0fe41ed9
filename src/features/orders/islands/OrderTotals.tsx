/**
 * Every money line an order has, in one place for the orders list and the tracking page
 * (so the items and the total never stand with an unexplained difference between them): items
 * (subtotal), discount with its code, points, delivery fee (or Free), and the amount paid.
 * Figures are the order's own (rupee strings from the API), shown with formatPaise.
 */
import { formatPaise } from '#lib/money.ts';
import { toPaise } from '#lib/ui/controls.tsx';
import type { OrderJson } from '../contract.ts';

type Money = Pick<OrderJson, 'subtotal' | 'discount' | 'promocode' | 'points' | 'delivery_fee' | 'paid_amount'>;

/** The rows as <dt>/<dd> pairs, for a two-column <dl>; `totalLabel` names the last one. */
export function OrderTotals({ order, totalLabel = 'Total' }: { order: Money; totalLabel?: string }) {
  const discount = toPaise(order.discount);
  const delivery = toPaise(order.delivery_fee);
  return (
    <>
      <dt className="text-slate-600">Items</dt>
      <dd className="text-right text-slate-900">{formatPaise(toPaise(order.subtotal))}</dd>
      {discount > 0 && (
        <>
          <dt className="text-slate-600">Discount{order.promocode ? ` (${order.promocode})` : ''}</dt>
          <dd className="text-right text-slate-900">−{formatPaise(discount)}</dd>
        </>
      )}
      {order.points > 0 && (
        <>
          <dt className="text-slate-600">Points ({order.points})</dt>
          <dd className="text-right text-slate-900">−{formatPaise(order.points * 100)}</dd>
        </>
      )}
      <dt className="text-slate-600">Delivery fee</dt>
      <dd className="text-right text-slate-900">{delivery > 0 ? formatPaise(delivery) : 'Free'}</dd>
      <dt className="text-base font-semibold text-slate-900">{totalLabel}</dt>
      <dd className="text-right text-base font-semibold text-slate-900" data-testid="order-total">
        {formatPaise(toPaise(order.paid_amount))}
      </dd>
    </>
  );
}
