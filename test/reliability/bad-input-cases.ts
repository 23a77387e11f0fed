// Runs a table of raw bad requests against the full-stack app: one complete answer each, the expected status, a healthy server after.
import assert from 'node:assert/strict'
import { after, afterEach, before, it } from 'node:test'
import { createFullStackApp, SECRET_TEXT } from './full-stack-app'
import {
  assertHealthy, assertNoPollution, sendOne, snapshotPrototypes, startServer,
  type PrototypeSnapshot, type RawResponse, type TestServer
} from './support'

/** One bad request and what it must get. */
export interface BadInputCase {
  readonly title: string
  /** The raw request (build it with `rawRequest`). */
  readonly request: Buffer
  /**
   * The status documented for it (any of a list when the spec allows more than one), or a
   * function giving the status Express gives on this runtime, where that is the runtime's doing.
   */
  readonly status: number | readonly number[] | (() => Promise<number>)
  /** The request is a HEAD request (no body in the answer). */
  readonly head?: boolean
  /** Further checks of the answer. */
  readonly check?: (res: RawResponse) => void
}

/** The live server of the current test file, for checks that need more than one request. */
export interface BadInputContext {
  readonly port: number
}

/**
 * Declares one test per case, inside the caller's `describe`. After each: the answer never
 * holds the secret file, no prototype changed, and the server still answers `/health`.
 */
export function runBadInputCases (cases: readonly BadInputCase[]): BadInputContext {
  let server: TestServer
  let snapshot: PrototypeSnapshot
  const context = { port: 0 }

  before(async () => {
    server = await startServer(createFullStackApp())
    context.port = server.port
  })
  after(async () => { await server.close() })
  afterEach(async () => {
    assertNoPollution(snapshot)
    await assertHealthy(server.port)
  })

  for (const c of cases) {
    it(c.title, async () => {
      snapshot = snapshotPrototypes()
      const res = await sendOne(server.port, c.request, { head: c.head })
      const allowed = typeof c.status === 'function' ? [await c.status()] : typeof c.status === 'number' ? [c.status] : c.status
      assert.ok(allowed.includes(res.statusCode), `status ${res.statusCode}, expected ${allowed.join(' or ')}\n${res.head}\n${res.body.toString().slice(0, 300)}`)
      assert.ok(!res.body.toString('latin1').includes(SECRET_TEXT), 'the secret file leaked')
      if (c.check) c.check(res)
    })
  }
  return context
}

/** The answer's body as text. */
export function text (res: RawResponse): string {
  return res.body.toString('utf8')
}

/** The answer's body as JSON. */
export function json (res: RawResponse): any { // parsed JSON of any shape
  return JSON.parse(text(res))
}

/** A response header as one string ('' when absent). */
export function header (res: RawResponse, name: string): string {
  const value = res.headers[name.toLowerCase()]
  return value === undefined ? '' : Array.isArray(value) ? value.join('\n') : value
}
