import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import framework from '../../../presets/default'

// Which handlers a request reaches, in which order, with which baseUrl, url and params, is the
// router's whole contract. Random tables of middleware, routes and mounted routers run on
// Ristretto and on express@4 (the reference), their stacks edited in place between requests;
// every request must take the same path through both.

type Action = 'send' | 'next' | 'route'
interface Entry {
  kind: 'use' | 'get' | 'post' | 'all' | 'router'
  path: string | RegExp
  action: Action
  /** Entries of a mounted router (kind 'router'). */
  inner: Array<{ kind: 'use' | 'get' | 'post', path: string, action: Action }>
}

const PATHS: Array<string | RegExp> = [
  '/', '/api', '/api/', '/api/users', '/api/users/:id', '/API/Users/:id?', '/api/:v/users', '/files/*',
  '/a', '/ab', '/abc/:x?', /^\/api\/v\d+/, '/api/users/:id/notes/:noteId', '/api/users.json', '/:any', '*', '/api/user'
]
const INNER_PATHS = ['/', '/users', '/users/:id', '/:v', '/USERS/:id/notes', '*']
const REQUEST_PATHS = [
  '/', '/api', '/api/', '/api/users', '/API/USERS/7', '/api/users/7', '/api/users/7/', '/api/users/7/notes/9', '/api/users.json',
  '/api/user', '/api/v2/users', '/files/a/b', '/a', '/ab', '/abc', '/abc/x', '/other', '/api/users/7/notes', '/api/users?x=1',
  '/api//users', '/Api/Users/7/Notes/3'
]

const action = fc.constantFrom<Action>('send', 'next', 'next', 'route')
const entry: fc.Arbitrary<Entry> = fc.record({
  kind: fc.constantFrom<Entry['kind']>('use', 'get', 'post', 'all', 'router'),
  path: fc.constantFrom(...PATHS),
  action,
  inner: fc.array(fc.record({ kind: fc.constantFrom<'use' | 'get' | 'post'>('use', 'get', 'post'), path: fc.constantFrom(...INNER_PATHS), action }), { maxLength: 4 })
})

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */
type AnyApp = ((req: http.IncomingMessage, res: http.ServerResponse) => void) & Record<string, any>

/** A handler that records where it ran, then sends the record, calls next() or next('route'). */
function handler (id: string, act: Action) {
  return (req: any, res: any, next: (err?: unknown) => void) => {
    (req.trail ??= []).push(`${id} ${req.baseUrl}|${req.url}|${JSON.stringify(req.params)}`)
    if (act === 'send') res.end(req.trail.join('\n'))
    else if (act === 'route') next('route')
    else next()
  }
}

/** Builds the same app on a framework: Ristretto's default export or express@4's. */
function build (create: any, entries: Entry[]): AnyApp {
  const app = create()
  entries.forEach((e, i) => {
    if (e.kind === 'router') {
      const router = create.Router()
      e.inner.forEach((inner, j) => { router[inner.kind](inner.path, handler(`${i}.${j}`, inner.action)) })
      app.use(e.path, router)
    } else if (e.kind === 'use') {
      // next('route') in middleware goes on like next(), in both.
      app.use(e.path, handler(String(i), e.action))
    } else {
      app[e.kind](e.path, handler(String(i), e.action))
    }
  })
  // What reaches the end: the trail, with a status of its own (the final handlers' pages are not under test here).
  app.use((req: any, res: any) => { res.statusCode = 299; res.end((req.trail ?? []).join('\n')) })
  return app
}

type Edit = 'reverse' | 'rotate' | 'swap'

/** Edits a stack in place without changing its length, as apps do to reorder their middleware. */
function editStack (stack: unknown[], edit: Edit, i: number, j: number): void {
  if (edit === 'reverse') stack.reverse()
  else if (edit === 'rotate') stack.unshift(stack.pop())
  else {
    const a = i % stack.length
    const b = j % stack.length
    const layer = stack[a]
    stack[a] = stack[b]
    stack[b] = layer
  }
}

async function listen (app: AnyApp): Promise<{ port: number, close: () => Promise<void> }> {
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

function get (port: number, method: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { body += chunk })
      res.on('end', () => resolve(`${res.statusCode}\n${body}`))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('router dispatch, differential against express@4', () => {
  it('takes every request through the same handlers, in the same order, with the same baseUrl, url and params', async () => {
    const express = (await import('express')).default
    await fc.assert(fc.asyncProperty(
      fc.array(entry, { minLength: 1, maxLength: 12 }),
      fc.array(fc.tuple(fc.constantFrom('GET', 'POST', 'HEAD', 'PUT'), fc.constantFrom(...REQUEST_PATHS)), { minLength: 1, maxLength: 6 }),
      fc.option(fc.tuple(fc.constantFrom<Edit>('reverse', 'rotate', 'swap'), fc.nat(), fc.nat())),
      async (entries, requests, edit) => {
        const ourApp = build(framework, entries)
        const theirApp = build(express, entries)
        const ours = await listen(ourApp)
        const theirs = await listen(theirApp)
        try {
          for (const [k, [method, path]] of requests.entries()) {
            // After the first request, the same in-place edit of both apps' stacks.
            if (k === 1 && edit !== null) {
              editStack(ourApp._router.stack, ...edit)
              editStack(theirApp._router.stack, ...edit)
            }
            const [a, b] = await Promise.all([get(ours.port, method, path), get(theirs.port, method, path)])
            assert.equal(a, b, `${method} ${path}${edit && k >= 1 ? ` after ${edit[0]}` : ''}`)
          }
        } finally {
          await Promise.all([ours.close(), theirs.close()])
        }
      }
    ), { numRuns: 300 })
  })
})
