/** The cart's icons: the trash can of Remove and the navigation bar's shopping cart. */
import { Svg } from '#lib/ui/icons.tsx';

/** A trash-can icon. */
export function TrashIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </Svg>
  );
}

/** A shopping-cart icon. */
export function CartIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <Svg className={className}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2.5 3h2.7l2.4 12h11.2l2-8.5H6.1" />
    </Svg>
  );
}
