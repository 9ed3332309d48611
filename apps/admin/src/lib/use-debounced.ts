import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `ms` (the preview asks the server after typing pauses). */
export function useDebounced<T>(value: T, ms = 400): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}
