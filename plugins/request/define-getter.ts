// Defines a configurable, read-only accessor on a prototype, as Express 4 does for request properties.

/** Defines `name` on `target` as a getter; `getter` should be a named function so stack traces read well. */
export function defineGetter (target: object, name: string, getter: () => unknown): void {
  Object.defineProperty(target, name, { configurable: true, enumerable: true, get: getter })
}
