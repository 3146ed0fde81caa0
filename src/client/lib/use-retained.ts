import { useState } from "react";

/**
 * The last non-null value: a dialog opened for an item keeps showing it while it animates closed
 * after the item was set back to null.
 */
export function useRetained<T>(value: T | null): T | null {
  const [kept, setKept] = useState(value);
  if (value !== null && value !== kept) setKept(value);
  return value ?? kept;
}
