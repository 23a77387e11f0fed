import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type http from 'node:http'
import { Writable } from 'node:stream'
import fc from 'fast-check'
import logger from '../../../plugins/logger'
import { exchange, sideBySide } from '../../support/differential'

// `ristretto/logger` is morgan: the same formats and tokens write the same lines. Random requests
// (methods, URLs, statuses, bodies, user agents, referrers, credentials) go to two bare node servers,
// one logging through morgan (the reference), one through the logger; lines must match, with only
// the clock masked (dates, response and total times).

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both loggers, whose types differ */

const FORMATS: unknown[] = [
  'combined', 'common', 'dev', 'short', 'tiny',
  ':method :url :status :res[content-length] :req[user-agent] :http-version :remote-addr :remote-user :referrer',
  ':req[x-multi] :res[set-cookie] :res[x-none] :url[x] :status[y]',
  ':date[clf] :date[iso] :date[web] :response-time[0] :total-time[5] :response-time'
]
const URLS = ['/', '/a?b=1&c=%20', '/x/../y', '/caf%C3%A9', '/"quoted"', '/long/' + 'p'.repeat(300)]
const STATUSES = [200, 201, 204, 304, 302, 404, 418, 500, 503]
const BODIES = ['', 'ok', 'x'.repeat(2000)]
const HEADERS: Array<Record<string, string>> = [
  {}, { 'User-Agent': 'curl/8.0 "q"' }, { Referer: 'http://r.example/p?q=1' }, { Referrer: 'http://other.example/' },
  { Authorization: 'Basic ' + Buffer.from('tobi:ferret').toString('base64') }, { Authorization: 'Basic bad' },
  { 'X-Multi': 'a' }, { 'X-Forwarded-For': '10.0.0.1' }
]

/** Dates and durations differ from one server to the other: masked (`timing`: every number, for the format made of them). */
function mask (line: string, timing: boolean): string {
  const masked = line
    .replace(/\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000/g, 'DATE')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, 'ISO')
    .replace(/\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/g, 'WEB')
    .replace(/\d+(\.\d+)? ms/g, 'T ms')
  return timing ? masked.replace(/\d+(\.\d+)?/g, 'N') : masked
}

function collector (): { stream: Writable, lines: string[] } {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, enc, cb) { lines.push(String(chunk)); cb() } })
  return { stream, lines }
}

/** A bare node server answering as the query says, after the logger under test. */
function server (middleware: any): http.RequestListener {
  return (req, res) => {
    middleware(req, res, () => {
      const url = new URL(req.url ?? '/', 'http://x')
      res.statusCode = Number(url.searchParams.get('status') ?? 200)
      const body = url.searchParams.get('body') ?? ''
      if (url.searchParams.has('cookie')) res.setHeader('Set-Cookie', ['a=1', 'b=2'])
      if (body !== '') res.setHeader('Content-Length', Buffer.byteLength(body))
      res.end(req.method === 'HEAD' ? undefined : body)
    })
  }
}

describe('logger, differential against morgan', () => {
  it('writes the same lines for the same requests and formats', async () => {
    // A specifier typed as a plain string: morgan ships no types, and only its behaviour matters here.
    const morgan = (await import('morgan' as string)).default
    await fc.assert(fc.asyncProperty(
      fc.nat({ max: FORMATS.length - 1 }), fc.boolean(),
      fc.array(fc.tuple(fc.constantFrom('GET', 'POST', 'HEAD', 'DELETE'), fc.constantFrom(...URLS), fc.constantFrom(...STATUSES),
        fc.constantFrom(...BODIES), fc.boolean(), fc.constantFrom(...HEADERS)), { minLength: 1, maxLength: 4 }),
      async (formatIndex, immediate, requests) => {
        const format = FORMATS[formatIndex]
        const theirs = collector()
        const ours = collector()
        await sideBySide(server(logger(format as string, { stream: ours.stream, immediate })), server(morgan(format, { stream: theirs.stream, immediate })),
          async (subject, reference) => {
            for (const [method, url, status, body, cookie, headers] of requests) {
              const path = url + `${url.includes('?') ? '&' : '?'}status=${status}&body=${body}${cookie ? '&cookie' : ''}`
              await exchange(reference, { method, path, headers })
              await exchange(subject, { method, path, headers })
            }
            // Both write their line when the response finishes: wait for morgan's, then give ours
            // some turns of the event loop (a missing line then shows in the comparison below).
            while (theirs.lines.length < requests.length) await new Promise((resolve) => setTimeout(resolve, 5))
            for (let turn = 0; turn < 100 && ours.lines.length < requests.length; turn++) await new Promise(setImmediate)
          })
        assert.equal(theirs.lines.length, requests.length, 'morgan wrote a line per request')
        const timing = formatIndex === FORMATS.length - 1
        assert.deepEqual(ours.lines.map((l) => mask(l, timing)), theirs.lines.map((l) => mask(l, timing)), `format ${String(format)}, immediate ${immediate}`)
      }
    ), { numRuns: 150 })
  })
})
