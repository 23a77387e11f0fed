// The kernel's diagnostics_channel tracing (docs/tracing.md): `ristretto.request`,
// `ristretto.middleware`, `ristretto.handler` and `ristretto.error`, their events in order and
// their payloads, on the fixture app of test/observability; and with no subscriber, the untraced
// path: the same answers, handlers given the router's own `next`.
import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import dc from 'node:diagnostics_channel'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express4 = require('../../presets/default')
import express5 = require('../../presets/express5')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createApp, requests } = require('../observability/fixtures/app.cjs') as {
  createApp: (framework: unknown, options?: { beforeErrorHandler?: (app: any) => void }) => any
  requests: Array<[string, string]>
}

const TRACING = ['ristretto.request', 'ristretto.middleware', 'ristretto.handler'] as const
const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const
const SKIP = typeof dc.tracingChannel !== 'function' && 'diagnostics_channel.tracingChannel is missing (node before 18.19)'

/** Every event published while subscribed, as a line: channel, event, layer name, type, paths, errors. */
let events: string[] = []
let payloads: Array<Record<string, unknown>> = []
const unsubscribes: Array<() => void> = []

function show (value: unknown): string {
  return value instanceof Error ? `Error(${value.message})` : value instanceof RegExp ? String(value) : JSON.stringify(value) ?? 'undefined'
}

function subscribe (): void {
  for (const name of TRACING) {
    const channel = dc.tracingChannel<unknown, Record<string, any>>(name)
    const handlers = Object.fromEntries(EVENTS.map((event) => [event, (ctx: Record<string, any>) => {
      const short = name.slice('ristretto.'.length)
      payloads.push({ channel: short, event, ...ctx })
      events.push(short === 'request'
        ? `request ${event}${'error' in ctx ? ' ' + show(ctx.error) : ''}`
        : `${short} ${event} ${ctx.name} ${ctx.type} path=${show(ctx.path)} route=${show(ctx.route)} matched=${show(ctx.matchedPath)} base=${show(ctx.baseUrl)}` +
          `${ctx.incomingError ? ' in=' + show(ctx.incomingError) : ''}${'error' in ctx ? ' error=' + show(ctx.error) : ''}`)
    }]))
    channel.subscribe(handlers as any)
    unsubscribes.push(() => channel.unsubscribe(handlers as any))
  }
  const onError = (message: unknown): void => {
    const { error, layer, app } = message as Record<string, any>
    events.push(`error ${show(error)} at ${layer ? layer.name : app ? 'final handler' : '?'}`)
  }
  dc.subscribe('ristretto.error', onError)
  unsubscribes.push(() => dc.unsubscribe('ristretto.error', onError))
}

afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
  events = []
  payloads = []
})

interface Answer { status: number, headers: Record<string, unknown>, body: string }

/** Serves `app` and makes `list` of requests in order: each answer, its Date header left out. */
async function answers (app: any, list: Array<[string, string]>): Promise<Answer[]> {
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    const out: Answer[] = []
    for (const [method, path] of list) {
      out.push(await new Promise<Answer>((resolve, reject) => {
        http.request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => { body += chunk })
          res.on('end', () => {
            const { date, ...headers } = res.headers
            resolve({ status: res.statusCode!, headers, body: body.replace(/ at [^\n<]+/g, ' at …') })
          })
        }).on('error', reject).end()
      }))
    }
    return out
  } finally {
    server.close()
  }
}

/** The events of one request of the fixture app (in the `test` env: nothing logged). */
async function eventsOf (framework: unknown, method: string, path: string): Promise<string[]> {
  const app = createApp(framework)
  app.set('env', 'test')
  subscribe()
  await answers(app, [[method, path]])
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
  const seen = events
  events = []
  return seen
}

describe('the kernel\'s tracing channels', { skip: SKIP }, () => {
  it('a request through middleware to a route: each layer run between start and end, its `next` between asyncStart and asyncEnd', async () => {
    assert.deepEqual(await eventsOf(express4, 'GET', '/users/7'), [
      'request start',
      'middleware start query middleware path=undefined route=undefined matched="" base=""',
      'middleware asyncStart query middleware path=undefined route=undefined matched="" base=""',
      'middleware start expressInit middleware path=undefined route=undefined matched="" base=""',
      'middleware asyncStart expressInit middleware path=undefined route=undefined matched="" base=""',
      'middleware start requestId middleware path="/" route=undefined matched="" base=""',
      'middleware asyncStart requestId middleware path="/" route=undefined matched="" base=""',
      'middleware start usersGate middleware path="/users" route=undefined matched="/users" base="/users"',
      'middleware asyncStart usersGate middleware path="/users" route=undefined matched="/users" base="/users"',
      'handler start bound dispatch request_handler path="/users/:id" route="/users/:id" matched="/users/7" base=""',
      'handler end bound dispatch request_handler path="/users/:id" route="/users/:id" matched="/users/7" base=""',
      'middleware asyncEnd usersGate middleware path="/users" route=undefined matched="/users" base="/users"',
      'middleware end usersGate middleware path="/users" route=undefined matched="/users" base="/users"',
      'middleware asyncEnd requestId middleware path="/" route=undefined matched="" base=""',
      'middleware end requestId middleware path="/" route=undefined matched="" base=""',
      'middleware asyncEnd expressInit middleware path=undefined route=undefined matched="" base=""',
      'middleware end expressInit middleware path=undefined route=undefined matched="" base=""',
      'middleware asyncEnd query middleware path=undefined route=undefined matched="" base=""',
      'middleware end query middleware path=undefined route=undefined matched="" base=""',
      'request end'
    ])
  })

  it('mounted routers are `router` layers: the path they were mounted at, the part matched, the baseUrl inside', async () => {
    const seen = (await eventsOf(express4, 'GET', '/orgs/acme/teams/red')).filter((line) => / (start|end) /.test(line) && !/query|expressInit|requestId/.test(line))
    assert.deepEqual(seen, [
      'middleware start router router path="/orgs/:orgId" route=undefined matched="/orgs/acme" base="/orgs/acme"',
      'middleware start router router path="/teams" route=undefined matched="/teams" base="/orgs/acme/teams"',
      'handler start bound dispatch request_handler path="/:teamId" route="/:teamId" matched="/red" base="/orgs/acme/teams"',
      'handler end bound dispatch request_handler path="/:teamId" route="/:teamId" matched="/red" base="/orgs/acme/teams"',
      'middleware end router router path="/teams" route=undefined matched="/teams" base="/orgs/acme/teams"',
      'middleware end router router path="/orgs/:orgId" route=undefined matched="/orgs/acme" base="/orgs/acme"'
    ])
  })

  it('a thrown error: `error` then asyncStart on the route, the error handler\'s run, `ristretto.error` naming it', async () => {
    const seen = (await eventsOf(express4, 'GET', '/boom')).filter((line) => !/query|expressInit|requestId/.test(line))
    assert.deepEqual(seen, [
      'request start',
      'handler start bound dispatch request_handler path="/boom" route="/boom" matched="/boom" base=""',
      'handler error bound dispatch request_handler path="/boom" route="/boom" matched="/boom" base="" error=Error(thrown in a handler)',
      'handler asyncStart bound dispatch request_handler path="/boom" route="/boom" matched="/boom" base="" error=Error(thrown in a handler)',
      'error Error(thrown in a handler) at onError',
      'middleware start onError middleware path="/" route=undefined matched="" base="" in=Error(thrown in a handler)',
      'middleware end onError middleware path="/" route=undefined matched="" base="" in=Error(thrown in a handler)',
      'handler asyncEnd bound dispatch request_handler path="/boom" route="/boom" matched="/boom" base="" error=Error(thrown in a handler)',
      'handler end bound dispatch request_handler path="/boom" route="/boom" matched="/boom" base="" error=Error(thrown in a handler)',
      'request end'
    ])
  })

  it('an error passed to `next` later: the route\'s end first, then `error` and asyncStart when it comes', async () => {
    const seen = (await eventsOf(express4, 'GET', '/later')).filter((line) => line.startsWith('handler') || line.startsWith('error'))
    assert.deepEqual(seen.map((line) => line.split(' path=')[0] + (line.includes('error=') ? ' +error' : '')), [
      'handler start bound dispatch request_handler',
      'handler end bound dispatch request_handler',
      'handler error bound dispatch request_handler +error',
      'handler asyncStart bound dispatch request_handler +error',
      'error Error(passed to next later) at onError',
      'handler asyncEnd bound dispatch request_handler +error'
    ])
  })

  it('a request nothing answers leaves the app: the request\'s asyncStart; an error at the final handler on `ristretto.error`', async () => {
    const missing = await eventsOf(express4, 'GET', '/missing')
    // The router lets the request go on the next turn, as Express's does: after the handling's end.
    assert.deepEqual(missing.filter((line) => line.startsWith('request')), ['request start', 'request end', 'request asyncStart', 'request asyncEnd'])
    const app = express4()
    app.set('env', 'test')
    app.get('/', (req: unknown, res: unknown, next: (err: unknown) => void) => next(new Error('unhandled')))
    subscribe()
    const [answer] = await answers(app, [['GET', '/']])
    assert.equal(answer.status, 500)
    assert.deepEqual(events.filter((line) => line.startsWith('request') || line.startsWith('error')), [
      'request start', 'request end', 'request error Error(unhandled)', 'request asyncStart Error(unhandled)',
      'error Error(unhandled) at final handler', 'request asyncEnd Error(unhandled)'
    ])
  })

  it('payloads carry req, res and the layer itself; a sub-app\'s handling is a request of its own', async () => {
    const app = express4()
    const sub = express4()
    sub.get('/x', function subHandler (req: any, res: any) { res.send('sub') })
    app.use('/sub', sub)
    subscribe()
    await answers(app, [['GET', '/sub/x']])
    const requestStarts = payloads.filter((p) => p.channel === 'request' && p.event === 'start')
    assert.deepEqual(requestStarts.map((p) => p.app), [app, sub])
    const handler = payloads.find((p) => p.channel === 'handler' && p.event === 'start')!
    const route = (handler.layer as { route: { stack: Array<{ name: string }> } }).route
    assert.equal(route.stack[0].name, 'subHandler')
    assert.equal((handler.req as { originalUrl: string }).originalUrl, '/sub/x')
    assert.equal((handler.res as http.ServerResponse).req, handler.req)
    const mounted = payloads.find((p) => p.channel === 'middleware' && p.event === 'start' && p.name === 'mounted_app')!
    assert.equal(mounted.path, '/sub')
    assert.equal(mounted.type, 'middleware')
  })

  it('the express5 preset publishes its layers on the same channels (no query or expressInit layer)', async () => {
    const seen = (await eventsOf(express5, 'GET', '/users/7')).filter((line) => / start( |$)/.test(line))
    assert.deepEqual(seen, [
      'request start',
      'middleware start requestId middleware path="/" route=undefined matched="" base=""',
      'middleware start usersGate middleware path="/users" route=undefined matched="/users" base="/users"',
      'handler start handle request_handler path="/users/:id" route="/users/:id" matched="/users/7" base=""'
    ])
  })

  for (const [name, framework] of [['default preset', express4], ['express5 preset', express5]] as const) {
    it(`${name}: the same answers with and without subscribers`, async () => {
      const untraced = await answers(createApp(framework), requests)
      subscribe()
      const traced = await answers(createApp(framework), requests)
      assert.ok(events.length > 50, `${events.length} events`)
      assert.deepEqual(traced, untraced)
    })
  }

  it('without subscribers, handlers get the router\'s own `next` (the untraced path); with one, the traced one', async () => {
    const seen: boolean[] = []
    const app = express4()
    app.use(function probe (req: any, res: any, next: unknown) { seen.push(next === req.next); res.end() })
    await answers(app, [['GET', '/']])
    subscribe()
    await answers(app, [['GET', '/']])
    assert.deepEqual(seen, [true, false])
  })
})
