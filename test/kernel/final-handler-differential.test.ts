import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type http from 'node:http'
import fc from 'fast-check'
import framework from '../../presets/default'
import { exchange, headerLines, sideBySide, withoutStackFrames, type Exchange, type RawReply } from '../support/differential'
import { captureConsoleError } from './support'

// What an app sends when nothing answers or an error reaches the end is on the wire of every
// Express app. Random errors (Error objects with every kind of status, statusCode, expose,
// headers and message, and thrown non-Errors), passed to next() or thrown, after headers the
// app had set, in the production and test envs, for GET and HEAD and odd paths, on Ristretto and
// express@4: status, every header line but Date, and body (stack frames aside) must match, and
// so must what is logged (the first line of each report).

const STATUSES = [undefined, 0, 200, 304, 399, 400, 401, 404, 418, 499, 500, 503, 599, 600, 1000, '404', 404.5, -1, null]
const MESSAGES = ['boom', '', '<b>"bold" & \'quoted\'</b>', 'line\nbreak', 'ünïcödé', 'x'.repeat(300)]
const NON_ERRORS: unknown[] = ['a string', '', 42, 0, true, false, { message: 'plain object' }, { status: 403 }, ['an', 'array'], { toString: () => 'custom' }]
const HEADER_SETS: Array<Record<string, unknown> | undefined> = [
  undefined, { 'X-Reason': 'because' }, { 'Retry-After': 5, 'WWW-Authenticate': 'Basic' }, { 'Content-Type': 'text/plain' }, { 'Set-Cookie': ['a=1', 'b=2'] }
]
const PRESET_HEADERS: Array<Array<[string, string]>> = [
  [], [['Content-Encoding', 'gzip'], ['Content-Language', 'fr']], [['Content-Range', 'bytes 0-1/2'], ['X-Kept', 'yes']],
  [['Cache-Control', 'no-store'], ['ETag', '"abc"'], ['Content-Type', 'application/json']], [['Vary', 'Accept']]
]
const PATHS = ['/', '/fail', '/a&b/<script>', '/caf%C3%A9', '/%zz', '/x?y=<z>', '/fail/deeper/', '/quote"s']

interface Case {
  /** What the failing middleware does; `none`: nothing fails, the request is not found. */
  how: 'next' | 'throw' | 'none'
  error: { kind: 'error', message: string, status: unknown, statusCode: unknown, expose: boolean | undefined, headers: Record<string, unknown> | undefined, name: string | undefined } | { kind: 'value', value: unknown }
  preset: Array<[string, string]>
  resStatus: number
  env: 'production' | 'test'
}

const errorCase = fc.oneof(
  { weight: 4, arbitrary: fc.record({
    kind: fc.constant<'error'>('error'),
    message: fc.constantFrom(...MESSAGES),
    status: fc.constantFrom(...STATUSES),
    statusCode: fc.constantFrom(...STATUSES),
    expose: fc.constantFrom(undefined, true, false),
    headers: fc.constantFrom(...HEADER_SETS),
    name: fc.constantFrom(undefined, 'TypeError', 'CustomError', '')
  }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'value'>('value'), value: fc.constantFrom(...NON_ERRORS) }) }
)
const testCase: fc.Arbitrary<Case> = fc.record({
  how: fc.constantFrom<Case['how']>('next', 'throw', 'none'),
  error: errorCase,
  preset: fc.constantFrom(...PRESET_HEADERS),
  resStatus: fc.constantFrom(200, 201, 404, 410, 500, 502),
  env: fc.constantFrom<Case['env']>('production', 'test')
})

function makeError (c: Case): unknown {
  if (c.error.kind === 'value') return c.error.value
  const e = c.error
  const err = new Error(e.message) as Error & Record<string, unknown>
  if (e.status !== undefined) err.status = e.status
  if (e.statusCode !== undefined) err.statusCode = e.statusCode
  if (e.expose !== undefined) err.expose = e.expose
  if (e.headers !== undefined) err.headers = e.headers
  if (e.name !== undefined) err.name = e.name
  return err
}

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */
function build (create: any, c: Case): http.RequestListener {
  const app = create()
  app.set('env', c.env)
  app.use((req: any, res: any, next: (err?: unknown) => void) => {
    for (const [name, value] of c.preset) res.setHeader(name, value)
    res.statusCode = c.resStatus
    if (c.how === 'none') next()
    else if (c.how === 'next') next(makeError(c))
    else throw makeError(c)
  })
  return app
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Status, header lines and page. Stack frames differ between the frameworks, and so does the
 * length of a page showing them: Content-Length is compared with the body each sent instead.
 */
function reply (r: RawReply, method: string): string {
  const length = r.headers['content-length']
  // A HEAD reply has no body to measure.
  if (length !== undefined && method !== 'HEAD') assert.equal(Number(length), r.body.length, 'Content-Length is the body\'s')
  return [r.status, ...headerLines(r, ['date', 'content-length']), '', withoutStackFrames(r.body.toString('utf8'))].join('\n')
}

/** The reply to one request, and the first line of whatever the app logged meanwhile. */
async function answer (port: number, request: Exchange): Promise<string> {
  let r: RawReply | undefined
  const logged = await captureConsoleError(async () => { r = await exchange(port, request) })
  return reply(r!, request.method ?? 'GET') + '\nlogged: ' + JSON.stringify(logged.map((args) => String(args[0]).split('\n')[0]))
}

describe('final handler, differential against express@4', () => {
  it('answers unhandled requests and errors of every shape with the same status, headers and page', async () => {
    const express = (await import('express')).default
    await fc.assert(fc.asyncProperty(
      testCase,
      fc.array(fc.tuple(fc.constantFrom('GET', 'HEAD', 'DELETE'), fc.constantFrom(...PATHS)), { minLength: 1, maxLength: 3 }),
      async (c, requests) => {
        await sideBySide(build(framework, c), build(express, c), async (ours, theirs) => {
          for (const [method, path] of requests) {
            assert.equal(await answer(ours, { method, path }), await answer(theirs, { method, path }), `${method} ${path}`)
          }
        })
      }
    ), { numRuns: 300 })
  })
})
