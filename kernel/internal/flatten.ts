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

/**
 * Splits `use([path,] ...handlers)` arguments: the first argument is a path unless it is a
 * function or an array whose first leaf is one. Handlers come back flattened.
 */
export function splitUseArguments (args: readonly unknown[]): { path: unknown, handlers: unknown[] } {
  const first = args[0]
  if (typeof first !== 'function') {
    let leaf: unknown = first
    while (Array.isArray(leaf) && leaf.length !== 0) leaf = leaf[0]
    if (typeof leaf !== 'function') return { path: first, handlers: flatten(args.slice(1)) }
  }
  return { path: '/', handlers: flatten(args) }
}
