/**
 * The delivery feature's clock: slots open and close by it. Real time, except in tests, which
 * fix it with `setDeliveryClock` (and reset it with `setDeliveryClock(null)`).
 */
let fixed: (() => Date) | null = null;

/** Now, by the delivery clock. */
export const deliveryNow = (): Date => (fixed ? fixed() : new Date());

/** Tests: fix the clock (a function or an instant); null goes back to real time. */
export function setDeliveryClock(clock: Date | (() => Date) | null): void {
  fixed = clock === null ? null : typeof clock === 'function' ? clock : () => clock;
}
