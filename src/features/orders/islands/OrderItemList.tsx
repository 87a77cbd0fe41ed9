/**
 * An order's line items: image, name, quantity and line amount (orders list and tracking page), with
 * what packing changed: the picked quantity, the product a substitute replaced, the amount as ordered;
 * what was handed back to the rider at the door (not charged); and what was returned or refunded
 * after delivery, e.g. "Returned: 1 kg — ₹72.00 refunded (damaged)".
 */
import { formatPaise } from '#lib/money.ts';
import { itemImage, toPaise } from '#lib/ui/controls.tsx';
import type { OrderJson } from '../contract.ts';

export function OrderItemList({
  items,
  lazy = false,
  className = '',
}: {
  items: OrderJson['order_items'];
  lazy?: boolean;
  className?: string;
}) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3">
          <img
            src={itemImage(item.product.image)}
            alt=""
            width={48}
            height={48}
            loading={lazy ? 'lazy' : undefined}
            className="h-12 w-12 shrink-0 rounded-lg bg-slate-50 object-contain p-1"
          />
          <span className="min-w-0 flex-1 text-sm">
            <span className="block truncate font-medium text-slate-900">{item.product.title}</span>
            <span className="text-slate-600">Qty: {item.qty}</span>
            {item.picked !== null && (
              <span className="block text-slate-700">
                Picked: {item.picked} {item.measure}
              </span>
            )}
            {item.substituted_for && (
              <span className="block text-slate-700">Substitute for {item.substituted_for}</span>
            )}
            {item.handed_back > 0 && (
              <span className="block text-slate-700">
                Handed back at the door: {item.handed_back} {item.measure}
                {item.handed_back_amount && ` — ${formatPaise(toPaise(item.handed_back_amount))} not charged`}
              </span>
            )}
            {item.returns.map((r) => (
              <span key={`${r.kind}-${r.reason}`} className="block text-slate-700">
                {r.kind === 'return' ? 'Returned' : 'Refunded'}: {r.qty} {item.measure} —{' '}
                {formatPaise(toPaise(r.amount))} refunded{r.reason && ` (${r.reason.replace(/_/g, ' ')})`}
              </span>
            ))}
          </span>
          <span className="text-right text-sm font-semibold text-slate-900">
            {item.ordered_total && (
              <s className="block font-normal text-slate-600">
                <span className="sr-only">Was </span>
                {formatPaise(toPaise(item.ordered_total))}
              </s>
            )}
            {formatPaise(toPaise(item.total_amount))}
          </span>
        </li>
      ))}
    </ul>
  );
}
