// How a value of the wrong kind is named in a message: the validator's findings and the head core's errors
// say it the same way.

/**
 * The value's kind, with the value itself when it is a scalar.
 *
 * @example valueKind([1]) // 'an array'
 * @example valueKind(7) // 'number 7'
 */
export function valueKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  // JSON.stringify writes 1e999999, parsed as Infinity, as "null".
  return `${typeof value} ${typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value)}`;
}
