/** The cart views' loading and load-failed states (the Shopping Cart card and panel, /cart). */
import { CART_MESSAGES } from '../rules.ts';
import { loadCart } from '../store.ts';

/** The cart's loading spinner (`compact` in the panel, roomy on /cart). */
export function CartLoading({ compact = false }: { compact?: boolean }) {
  return (
    <div role="status" className={`flex justify-center ${compact ? 'py-10' : 'py-16'}`}>
      <span
        className={`${compact ? 'h-8 w-8' : 'h-10 w-10'} animate-spin rounded-full border-4 border-brand-200 border-t-brand-700`}
        aria-hidden="true"
      />
      <span className="sr-only">Loading your cart</span>
    </div>
  );
}

/** The cart failed to load: the message and a Try again button that reloads it. */
export function CartLoadError({ compact = false }: { compact?: boolean }) {
  return (
    <div className={compact ? 'px-4 py-8 text-center' : 'py-12 text-center'}>
      <p role="alert" className={`${compact ? 'text-sm ' : ''}font-medium text-sale-600`}>
        {CART_MESSAGES.loadFailed}
      </p>
      <button
        type="button"
        onClick={() => void loadCart(true)}
        className={`mt-3 ${compact ? 'text-sm ' : ''}font-semibold text-brand-700 underline`}
      >
        Try again
      </button>
    </div>
  );
}
