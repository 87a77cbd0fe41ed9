/** An order's line items: image, name, quantity and line amount (orders list and tracking page). */
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
          </span>
          <span className="text-sm font-semibold text-slate-900">{formatPaise(toPaise(item.total_amount))}</span>
        </li>
      ))}
    </ul>
  );
}
