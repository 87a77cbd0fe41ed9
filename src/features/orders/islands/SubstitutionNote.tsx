/**
 * What happens if an item of an order is out of stock, for the order details and the
 * tracking page: the order's choice, then the items whose own choice differs. Renders nothing
 * for orders placed before the choice existed. Pure: renders on the server without hydration.
 */
import { substitutionLabel } from '#features/cart/rules.ts';

interface Props {
  order: {
    substitution: string | null;
    order_items: ReadonlyArray<{ id: number; substitution: string | null; product: { title: string } }>;
  };
  className?: string;
}

export default function SubstitutionNote({ order, className = '' }: Props) {
  const label = substitutionLabel(order.substitution);
  if (!label) return null;
  const own = order.order_items.filter((i) => i.substitution && i.substitution !== order.substitution);
  return (
    <div className={`rounded-lg bg-slate-50 px-3 py-2 text-sm ${className}`} data-substitution-note>
      <p>
        <span className="text-slate-600">If an item is out of stock: </span>
        <span className="font-semibold text-slate-900">{label}</span>
      </p>
      {own.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-slate-800" aria-label="Items with their own choice">
          {own.map((i) => (
            <li key={i.id}>
              {i.product.title}: <span className="font-semibold">{substitutionLabel(i.substitution)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
