// Flattens nested handler arrays, as `use` and route methods accept them.

/** Deeply flattens arrays; other values are kept in order. */
export function flatten (input: readonly unknown[], out: unknown[] = []): unknown[] {
  for (const item of input) {
    if (Array.isArray(item)) flatten(item, out)
    else out.push(item)
  }
  return out
}

/** `Object.prototype.toString` of a value: the type Express names in its argument errors. */
export function typeName (value: unknown): string {
  return Object.prototype.toString.call(value)
}

const OBJECT_CLASS = /^\[object (\S+)\]$/

/** A short type name for `use()` errors: `typeof`, or the object's class (`Null`, `Date`, …). */
export function shortTypeName (value: unknown): string {
  const type = typeof value
  if (type !== 'object') return type
  return Object.prototype.toString.call(value).replace(OBJECT_CLASS, '$1')
}
