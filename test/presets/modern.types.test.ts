// Type-level checks of the modern preset's additions: `tsc --noEmit` (npm run typecheck) fails if they break.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import modern from '../../presets/modern'
import { asyncHandlers, asyncHandlersPlugin, type AsyncHandlersOptions } from '../../plugins/async-handlers'
import { inject, type InjectRequest, type InjectResponse } from '../../plugins/inject'
import { listRoutes, type RouteInfo } from '../../plugins/route-list'

async function typedUsage (): Promise<void> {
  const app = modern()
  app.get('/users/:id', async (req, res) => {
    const id: string = req.params.id
    await Promise.resolve()
    res.json({ id })
  })
  app.param('id', async (req, res, next, value: string) => { next() })
  const router = asyncHandlers(modern.Router())
  router.route('/named').name('named').get(async (req, res) => { res.end() })
  const options: AsyncHandlersOptions = { everywhere: false }
  asyncHandlersPlugin(options)

  const request: InjectRequest = { method: 'POST', url: '/x', headers: { 'x-n': 1, accept: ['a', 'b'] }, body: Readable.from(['x']) }
  const res: InjectResponse = await app.inject(request)
  const status: number = res.status
  const body: Buffer = res.body
  const text: string = res.text
  const data = res.json<{ id: string }>()
  const id: string = data.id
  const cookies: string[] | undefined = res.headers['set-cookie']
  await app.inject('/short')
  await inject((req, res) => { res.end() }, { body: { a: 1 } })
  // @ts-expect-error the body is bytes, a stream or a JSON value, not a symbol
  await app.inject({ body: Symbol('body') })

  const routes: RouteInfo[] = app.routes()
  const first: RouteInfo | undefined = listRoutes(router)[0]
  const name: string | undefined = first?.name
  // @ts-expect-error a route name is a string
  router.route('/x').name(1)
  void [status, body, text, id, cookies, routes, name]
}

describe('modern preset types', () => {
  it('compile for typical usage (checked by tsc)', () => {
    assert.equal(typeof typedUsage, 'function')
  })
})
