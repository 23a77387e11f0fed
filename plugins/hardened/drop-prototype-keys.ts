// Removes the keys recursive merges turn into prototype pollution from parsed request data.
/** The keys dropped: through them `merge(target, data)` reaches `Object.prototype` or a constructor. */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype']

const hasOwn = Object.prototype.hasOwnProperty

/** Arrays, and objects whose prototype is `Object.prototype` or null: what parsers build. */
function isParsedContainer (value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return true
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Deletes every own `__proto__`, `constructor` and `prototype` key from `value` and the arrays
 * and plain objects inside it, at any depth (walked without recursion, so a deeply nested body
 * cannot overflow the stack), and returns `value`. Other objects (Buffers, class instances) are
 * left as they are.
 */
export function dropPrototypeKeys<T> (value: T): T {
  if (!isParsedContainer(value)) return value
  const seen = new Set<object>()
  const pending: Array<Record<string, unknown>> = [value]
  while (pending.length > 0) {
    const container = pending.pop()!
    if (seen.has(container)) continue
    seen.add(container)
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        if (isParsedContainer(container[i])) pending.push(container[i] as Record<string, unknown>)
      }
      continue
    }
    for (const key of PROTOTYPE_KEYS) {
      if (hasOwn.call(container, key)) Reflect.deleteProperty(container, key)
    }
    for (const key of Object.keys(container)) {
      const child = container[key]
      if (isParsedContainer(child)) pending.push(child)
    }
  }
  return value
}
