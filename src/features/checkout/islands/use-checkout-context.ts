/**
 * What every part of the checkout's behaviour shares: the reducer's state and dispatch, the
 * latest state for async work that outlives the render that started it, timers cleared when the
 * checkout unmounts, and the delayed trip to the login page.
 */
import { type Dispatch, type RefObject, useCallback, useEffect, useReducer, useRef } from 'react';
import { LOGIN_REDIRECT_MS } from '../rules.ts';
import { type CheckoutAction, type CheckoutState, checkoutReducer, initialCheckoutState } from './checkout-state.ts';

export interface CheckoutContext {
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  /** The state of the latest render, read by async actions. */
  current: RefObject<CheckoutState>;
  /** Runs `fn` after `ms`, unless the checkout has unmounted by then. */
  later: (fn: () => void, ms: number) => void;
  /** Goes to the login page (and back to checkout afterwards) after a short pause. */
  sendToLogin: () => void;
}

/** The checkout's reducer with its shared refs and timers; `doubt` when it opens on an unresolved payment. */
export function useCheckoutContext(doubt: CheckoutState['doubt'] = null): CheckoutContext {
  const [state, dispatch] = useReducer(checkoutReducer, { ...initialCheckoutState, doubt });
  const current = useRef(state);
  current.current = state;
  const timers = useRef<number[]>([]);

  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);
  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );

  const sendToLogin = useCallback(
    () => later(() => window.location.assign('/login?next=/checkout'), LOGIN_REDIRECT_MS),
    [later],
  );
  return { state, dispatch, current, later, sendToLogin };
}
