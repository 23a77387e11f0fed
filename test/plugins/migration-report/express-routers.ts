// The real routers of express@4 and express@5, as a test oracle: which layer path matches a
// request path, and with what params. Shared by the migration report's path tests.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: { Router (options?: object): unknown } = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5: { Router (options?: object): unknown } = require('express-5')

export interface Outcome {
  matched: boolean
  params: Record<string, string | undefined>
  /** A `use` layer mounted where a `.` follows the part it matched (Express 4 only). */
  beforeDot?: boolean
}

/** A parameter value as both can be compared on: segment arrays joined, empty as absent. */
function normal (value: unknown): string | undefined {
  const text = Array.isArray(value) ? value.join('/') : value === undefined ? undefined : String(value)
  return text === '' ? undefined : text
}

type AnyRouter = { get (path: unknown, fn: Function): void, use (path: unknown, fn: Function): void, handle (req: object, res: object, done: (err?: unknown) => void): void }

/** Runs `url` through a router holding one route (or one `use` layer) at `path`. */
async function run (router: AnyRouter, kind: 'route' | 'use', path: unknown, url: string): Promise<Outcome> {
  let seen: Outcome = { matched: false, params: {} }
  const handler = (req: { params: Record<string, unknown>, baseUrl?: string }, res: object, next: () => void): void => {
    const params: Record<string, string | undefined> = {}
    for (const [name, value] of Object.entries(req.params)) params[name] = normal(value)
    seen = { matched: true, params, beforeDot: url[(req.baseUrl ?? '').length] === '.' }
    next()
  }
  if (kind === 'route') router.get(path, handler)
  else router.use(path, handler)
  await new Promise<void>((resolve) => {
    router.handle({ url, method: 'GET', headers: {} }, {}, () => { resolve() })
  })
  return seen
}

/** What express@4 does with `url` for a layer at `path`. */
export function express4Outcome (kind: 'route' | 'use', path: unknown, url: string, options: { strict?: boolean, caseSensitive?: boolean } = {}): Promise<Outcome> {
  return run(express4.Router(options) as unknown as AnyRouter, kind, path, url)
}

/** What express@5 does with `url` for a layer at `path`. */
export function express5Outcome (kind: 'route' | 'use', path: unknown, url: string, options: { strict?: boolean, caseSensitive?: boolean } = {}): Promise<Outcome> {
  return run(express5.Router(options) as unknown as AnyRouter, kind, path, url)
}
