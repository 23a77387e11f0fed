import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import framework from '../../../presets/default'
import { exchange, headerLines, sideBySide, withoutStackFrames, type RawReply } from '../../support/differential'
import { expectWarnings } from '../../support/expected-warnings'

// The response helpers' contract is the bytes they put on the wire. Random sequences of helper
// calls (status, headers, type, cookies, links, attachment…) ending in one that answers (send,
// json, jsonp, sendStatus, redirect, format, end) run on Ristretto and on express@4 (the
// reference), for GET and HEAD, with and without conditional and Accept headers; the status,
// every header but Date (names, case, order, values) and the body must be the same.

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */
type Op = (res: any) => void

const SETUP: Array<[string, Op]> = [
  ['status 201', (res) => res.status(201)],
  ['status 204', (res) => res.status(204)],
  ['status 304', (res) => res.status(304)],
  ['status 404', (res) => res.status(404)],
  ['status 500', (res) => res.status(500)],
  ['set X-A', (res) => res.set('X-A', 'a')],
  ['set x-multi', (res) => res.set('x-multi', ['a', 'b'])],
  ['set object', (res) => res.set({ 'X-B': 'b', 'Cache-Control': 'no-cache' })],
  ['set text/plain', (res) => res.set('Content-Type', 'text/plain')],
  ['set json latin1', (res) => res.set('Content-Type', 'application/json; charset=latin1')],
  ['set content-type lower', (res) => res.set('content-type', 'text/html')],
  ['set ETag', (res) => res.set('ETag', '"fixed"')],
  ['type json', (res) => res.type('json')],
  ['type html', (res) => res.type('html')],
  ['type .txt', (res) => res.type('.txt')],
  ['type png', (res) => res.type('png')],
  ['type vnd', (res) => res.type('application/vnd.api+json')],
  ['type unknown', (res) => res.type('nosuchext')],
  ['append Set-Cookie', (res) => res.append('Set-Cookie', 'a=b')],
  ['append Vary', (res) => res.append('Vary', 'Accept')],
  ['append list', (res) => res.append('X-L', ['1', '2'])],
  ['vary Origin', (res) => res.vary('Origin')],
  ['vary accept-encoding', (res) => res.vary('accept-encoding')],
  ['cookie', (res) => res.cookie('sid', 'v 1')],
  ['cookie object', (res) => res.cookie('obj', { a: 1 })],
  ['cookie options', (res) => res.cookie('x', 'y', { httpOnly: true, path: '/p', sameSite: 'strict', secure: true })],
  ['clearCookie', (res) => res.clearCookie('sid', { path: '/' })],
  ['location', (res) => res.location('/x?a=1&b=\u00e4')],
  ['location back', (res) => res.location('back')],
  ['links', (res) => res.links({ next: '/n?page=2', last: '/l' })],
  ['attachment', (res) => res.attachment()],
  ['attachment pdf', (res) => res.attachment('report.pdf')],
  ['attachment unicode', (res) => res.attachment('r\u00e9sum\u00e9 "1".txt')],
  ['set latin1 value', (res) => res.set('X-Latin', 'caf\u00e9')],
  ['remove latin1 value', (res) => res.removeHeader('X-Latin')],
  ['append latin1 value', (res) => res.append('X-Latin', ['na\u00efve', 'ok'])],
  ['status message', (res) => { res.statusMessage = 'Tr\u00e8s bien' }]
]

const FINISH: Array<[string, Op]> = [
  ['send text', (res) => res.send('hi')],
  ['send html', (res) => res.send('<p>caf\u00e9</p>')],
  ['send empty', (res) => res.send('')],
  ['send buffer', (res) => res.send(Buffer.from('buf'))],
  ['send object', (res) => res.send({ a: 1 })],
  ['send array', (res) => res.send([1, 'two'])],
  ['send null', (res) => res.send(null)],
  ['send nothing', (res) => res.send()],
  ['send long', (res) => res.send('x'.repeat(1500))],
  ['json', (res) => res.json({ a: '<b>', n: null })],
  ['json string', (res) => res.json('str')],
  ['json null', (res) => res.json(null)],
  ['jsonp', (res) => res.jsonp({ a: 1 })],
  ['sendStatus 200', (res) => res.sendStatus(200)],
  ['sendStatus 404', (res) => res.sendStatus(404)],
  ['sendStatus 418', (res) => res.sendStatus(418)],
  ['redirect', (res) => res.redirect('/to')],
  ['redirect 301', (res) => res.redirect(301, 'http://example.com/a b')],
  ['redirect back', (res) => res.redirect('back')],
  ['end', (res) => res.end()],
  ['end text', (res) => res.end('plain')],
  ['format', (res) => res.format({ text: () => res.send('t'), html: () => res.send('<b>h</b>'), json: () => res.json({ j: 1 }) })],
  ['format default', (res) => res.format({ 'image/png': () => res.send('png'), default: () => res.status(406).send('none') })]
]

const REQUEST_HEADERS: Array<Record<string, string>> = [
  {},
  { Accept: 'text/html' },
  { Accept: 'application/json' },
  { Accept: 'image/png' },
  { Accept: 'text/plain;q=0.5, application/json' },
  { Referer: '/from' },
  { 'If-None-Match': 'W/"2-nOO9QiTIwXgNtWtBJezz8kv3SLc"' },
  { 'If-None-Match': '"fixed"' }
]

interface Reply { status: number, headers: string[], body: string }

function build (create: any, setup: Op[], finish: Op): any {
  const app = create()
  app.get('/', (req: any, res: any) => {
    for (const op of setup) op(res)
    finish(res)
  })
  return app
}

/** Status, header lines but Date, and body (latin1: the bytes as they came). */
function reply (r: RawReply): Reply {
  // The final handler's error page shows the stack, whose frames (and so the page's length)
  // differ between frameworks; the page is known by its Content-Security-Policy.
  const errorPage = r.headers['content-security-policy'] === "default-src 'none'"
  return { status: r.status, headers: headerLines(r, errorPage ? ['date', 'content-length'] : ['date']), body: withoutStackFrames(r.body.toString('latin1')) }
}

describe('response helpers, differential against express@4', () => {
  expectWarnings([
    'ristretto deprecated res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices',
    'express deprecated res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices'
  ])

  it('put the same status, headers and body on the wire', async () => {
    const express = (await import('express')).default
    const setupIndex = fc.nat({ max: SETUP.length - 1 })
    await fc.assert(fc.asyncProperty(
      fc.array(setupIndex, { maxLength: 4 }),
      fc.nat({ max: FINISH.length - 1 }),
      fc.constantFrom('GET', 'HEAD'),
      fc.constantFrom('/', '/?callback=cb', '/?callback=a.b[0]'),
      fc.constantFrom(...REQUEST_HEADERS),
      async (setupIndexes, finishIndex, method, path, headers) => {
        const setup = setupIndexes.map((i) => SETUP[i][1])
        const finish = FINISH[finishIndex][1]
        await sideBySide(build(framework, setup, finish), build(express, setup, finish), async (ours, theirs) => {
          const [a, b] = await Promise.all([exchange(ours, { method, path, headers }), exchange(theirs, { method, path, headers })])
          const what = `${setupIndexes.map((i) => SETUP[i][0]).join(', ')} then ${FINISH[finishIndex][0]}, ${method} ${path} ${JSON.stringify(headers)}`
          assert.deepEqual(reply(a), reply(b), what)
        })
      }
    ), { numRuns: 400 })
  })
})
