// Which route methods of an app make their route through `app.route(path)`: Express 5's do
// (`app.get`, `app.post`, …, `app.all`), Express 4's take it from the app's router. A tool that
// wraps `application.route` before apps are made (dd-trace, to learn each route) relies on it.
// Compared with express@5.3 and express@4 from devDependencies.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import express5 = require('../../../presets/express5')
import express4 = require('../../../presets/default')
/* eslint-disable @typescript-eslint/no-require-imports */
const reference5 = require('express-5') as typeof express5
const reference4 = require('express') as typeof express4
/* eslint-enable @typescript-eslint/no-require-imports */

type Framework = typeof express5 | typeof express4

/** The `app.route` calls an app makes while routes are added, with the application's `route` wrapped as a tool wraps it. */
function routeCalls (framework: Framework): string[] {
  const application = framework.application as unknown as { route: (path: unknown) => unknown }
  const original = application.route
  const calls: string[] = []
  application.route = function route (this: unknown, path: unknown) {
    calls.push(String(path))
    return original.call(this, path)
  }
  try {
    const app = framework() as any
    const handler = (req: unknown, res: { end: (body: string) => void }) => { res.end('ok') }
    app.get('/get', handler)
    app.post(['/post', '/post2'], handler)
    app.all('/all', handler)
    app['m-search']('/search', handler)
    app.route('/route').get(handler)
    app.get('etag')
    app.use('/use', handler)
    return calls
  } finally {
    application.route = original
  }
}

test('express5 preset: route methods make their route with app.route, as Express 5', () => {
  const seen = routeCalls(express5)
  assert.deepEqual(seen, routeCalls(reference5))
  assert.deepEqual(seen, ['/get', '/post,/post2', '/all', '/search', '/route'])
})

test('default preset: route methods take the route from the router, as Express 4', () => {
  const seen = routeCalls(express4)
  assert.deepEqual(seen, routeCalls(reference4))
  assert.deepEqual(seen, ['/route'])
})
