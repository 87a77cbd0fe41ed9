/**
 * Runs `onChange` when the selected address changes from one address to another (not on the
 * first selection): checkout then fetches figures for the new address's delivery zone.
 */
import { useEffect, useRef } from 'react';

export function useAddressChange(addressId: number | undefined, onChange: () => void): void {
  const previous = useRef<number | undefined>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const before = previous.current;
    previous.current = addressId;
    if (before !== undefined && addressId !== undefined && before !== addressId) latest.current();
  }, [addressId]);
}
