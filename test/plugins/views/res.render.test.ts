import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { VIEWS, tinyEngine } from './support'

function appRendering (handler: (req: any, res: any) => void) {
  const app = framework()
  app.set('views', VIEWS)
  app.engine('tmpl', tinyEngine)
  app.use(handler)
  app.use((err: any, req: any, res: any, next: any) => { res.status(500).send(`error ${err.name}: ${err.message}`) })
  return app
}

describe('res.render(view)', () => {
  it('sends the HTML with text/html, Content-Length and ETag', async () => {
    const app = appRendering((req, res) => { res.render('user.tmpl') })
    app.locals.user = 'tobi'
    const r = await request(app).get('/').expect('Content-Type', 'text/html; charset=utf-8').expect('Content-Length', '11').expect(200, '<p>tobi</p>')
    assert.ok(r.headers.etag)
  })

  it('answers HEAD without a body', async () => {
    const app = appRendering((req, res) => { res.render('user.tmpl', { user: 'x' }) })
    const r = await request(app).head('/').expect(200)
    assert.equal(r.text, undefined)
  })

  it('hands render errors and missing views to next(err)', async () => {
    await request(appRendering((req, res) => { res.render('broken.tmpl') })).get('/').expect(500, 'error RenderError: boom is not defined')
    await request(appRendering((req, res) => { res.render('nope.tmpl') })).get('/').expect(500, /Failed to lookup view "nope.tmpl" in views directory/)
  })

  it('hands lookup errors (no engine for the name) to next(err)', async () => {
    await request(appRendering((req, res) => { res.render('user') })).get('/').expect(500, /No default engine was specified/)
  })
})

describe('res.render(view, locals)', () => {
  it('merges app.locals, then res.locals, then locals', async () => {
    const app = appRendering((req, res) => {
      res.locals.user = 'from res.locals'
      res.render('user.tmpl', req.query.own ? { user: 'from render' } : {})
    })
    app.locals.user = 'from app.locals'
    await request(app).get('/').expect(200, '<p>from res.locals</p>')
    await request(app).get('/?own=1').expect(200, '<p>from render</p>')
  })

  it('does not change the caller\'s locals object', async () => {
    const locals = { user: 'x' }
    await request(appRendering((req, res) => { res.render('user.tmpl', locals) })).get('/').expect(200)
    assert.deepEqual(Object.keys(locals), ['user'])
  })
})

describe('res.render(view, [locals], callback)', () => {
  it('gives the HTML to the callback and sends nothing itself', async () => {
    const app = appRendering((req, res) => {
      res.render('user.tmpl', { user: 'cb' }, (err: unknown, html: string) => { res.send(html.toUpperCase()) })
    })
    await request(app).get('/').expect(200, '<P>CB</P>')
  })

  it('gives errors to the callback', async () => {
    const app = appRendering((req, res) => {
      res.render('broken.tmpl', (err: Error) => { res.status(418).send(`cb ${err.name}`) })
    })
    await request(app).get('/').expect(418, 'cb RenderError')
  })
})
