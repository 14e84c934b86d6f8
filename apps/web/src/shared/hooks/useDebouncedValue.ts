import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs` (list and tree searches: 500 ms, spec section 9). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
