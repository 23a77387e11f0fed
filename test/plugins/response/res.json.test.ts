import { describe, it } from 'node:test'
import request from 'supertest'
import framework from '../../../presets/default'
import { expectWarnings } from '../../support/expected-warnings'

function jsonApp (fn: (req: any, res: any) => void, settings: Record<string, unknown> = {}) {
  const app = framework()
  for (const [k, v] of Object.entries(settings)) app.set(k, v)
  app.use((req, res) => { fn(req, res) })
  return app
}

describe('res.json(body)', () => {
  it('sends any JSON value, null included', async () => {
    for (const [value, text] of [[null, 'null'], [3.5, '3.5'], ['s', '"s"'], [[1, { a: 2 }], '[1,{"a":2}]']] as const) {
      await request(jsonApp((req, res) => res.json(value))).get('/')
        .expect('Content-Type', 'application/json; charset=utf-8').expect(200, text)
    }
  })

  it('keeps a Content-Type set before', async () => {
    await request(jsonApp((req, res) => res.type('application/vnd.api+json').json({}))).get('/')
      .expect('Content-Type', 'application/vnd.api+json; charset=utf-8').expect(200, '{}')
  })

  it('ignores a callback query parameter', async () => {
    await request(jsonApp((req, res) => res.json({ a: 1 }))).get('/?callback=fn').expect(200, '{"a":1}')
  })

  it('sends an empty body for undefined', async () => {
    await request(jsonApp((req, res) => res.json(undefined))).get('/').expect(200, '')
  })

  it('applies "json replacer" and "json spaces"', async () => {
    const settings = { 'json replacer': (k: string, v: unknown) => (k === 'secret' ? undefined : v), 'json spaces': 1 }
    await request(jsonApp((req, res) => res.json({ secret: 'x', shown: true }), settings)).get('/')
      .expect(200, '{\n "shown": true\n}')
  })

  it('applies "json escape" to <, > and &', async () => {
    await request(jsonApp((req, res) => res.json({ h: '<a href="?x&y">' }), { 'json escape': true })).get('/')
      .expect(200, '{"h":"\\u003ca href=\\"?x\\u0026y\\"\\u003e"}')
  })
})

describe('res.json(status, body) and res.json(body, status) (deprecated)', () => {
  expectWarnings([
    'ristretto deprecated res.json(status, obj): Use res.status(status).json(obj) instead',
    'ristretto deprecated res.json(obj, status): Use res.status(status).json(obj) instead'
  ])

  it('sets the status', async () => {
    await request(jsonApp((req, res) => res.json(201, { ok: 1 }))).get('/').expect(201, '{"ok":1}')
    await request(jsonApp((req, res) => res.json({ ok: 2 }, 202))).get('/').expect(202, '{"ok":2}')
    await request(jsonApp((req, res) => res.json(5, 203))).get('/').expect(203, '5')
  })
})
