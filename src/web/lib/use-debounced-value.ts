import { useEffect, useState } from 'react'

/**
 * `value` once it has held still for `delayMs`: a search box asks the server when typing pauses,
 * not once per key (a league of 10,000 members is searched on the server).
 */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
