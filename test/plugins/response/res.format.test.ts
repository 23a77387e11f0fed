import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'

function negotiatingApp (handlers: Record<string, any>) {
  const app = framework()
  app.get('/', (req, res) => { res.format(handlers) })
  app.use((err: any, req: any, res: any, next: any) => {
    res.status(err.status).set('X-Types', err.types.join('|')).end(err.message)
  })
  return app
}

const offers = {
  'text/plain' (req: any, res: any) { res.send('plain') },
  html (req: any, res: any) { res.send('<b>html</b>') },
  'application/json; q=0.9' (req: any, res: any) { res.send({ kind: 'json' }) }
}

describe('res.format(handlers)', () => {
  it('runs the handler of the preferred type and sets its Content-Type', async () => {
    await request(negotiatingApp(offers)).get('/').set('Accept', 'application/json, text/plain; q=0.2')
      .expect('Content-Type', 'application/json; charset=utf-8').expect(200, { kind: 'json' })
    await request(negotiatingApp(offers)).get('/').set('Accept', 'text/*;q=0.5, text/html')
      .expect('Content-Type', 'text/html; charset=utf-8').expect(200, '<b>html</b>')
  })

  it('runs the first handler without an Accept header', async () => {
    await request(negotiatingApp(offers)).get('/').expect(200, 'plain')
  })

  it('adds Vary: Accept', async () => {
    await request(negotiatingApp(offers)).get('/').set('Accept', 'text/html').expect('Vary', 'Accept')
  })

  it('passes req, res and next, with this bound to the handlers', async () => {
    const app = framework()
    app.use((req, res, next) => {
      const handlers: Record<string, any> = {
        json (a: unknown, b: unknown, c: unknown) {
          assert.equal(this, handlers)
          assert.equal(a, req); assert.equal(b, res); assert.equal(c, next)
          res.json('ok')
        }
      }
      res.format(handlers)
    })
    await request(app).get('/').set('Accept', 'application/json').expect(200, '"ok"')
  })

  describe('when nothing is acceptable', () => {
    it('runs default when given', async () => {
      const app = negotiatingApp({ json (req: any, res: any) { res.send('json') }, default (req: any, res: any) { res.send('fallback') } })
      await request(app).get('/').set('Accept', 'image/gif').expect(200, 'fallback')
    })

    it('passes a 406 error listing the offered types to next', async () => {
      await request(negotiatingApp(offers)).get('/').set('Accept', 'image/gif')
        .expect('X-Types', 'text/plain|text/html|application/json')
        .expect(406, 'Not Acceptable')
    })
  })
})
