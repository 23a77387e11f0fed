import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { expectWarnings } from '../../support/expected-warnings'

describe('res.redirect(url)', () => {
  it('answers 302 with Location', async () => {
    const app = framework()
    app.use((req, res) => { res.redirect('/login') })
    await request(app).get('/').expect('Location', '/login').expect(302)
  })

  it('negotiates a plain-text body', async () => {
    const app = framework()
    app.use((req, res) => { res.redirect('/next page') })
    await request(app).get('/').set('Accept', 'text/plain')
      .expect('Content-Type', 'text/plain; charset=utf-8')
      .expect(302, 'Found. Redirecting to /next%20page')
  })

  it('negotiates an HTML body that cannot carry markup from the target', async () => {
    const app = framework()
    app.use((req, res) => { res.redirect('/a"onclick=\'x\'&b') })
    const r = await request(app).get('/').set('Accept', 'text/html').expect(302)
    assert.match(String(r.headers['content-type']), /^text\/html/)
    assert.equal(r.text, '<p>Found. Redirecting to /a%22onclick=&#39;x&#39;&amp;b</p>')
  })

  it('sends an empty body when neither text nor HTML is accepted', async () => {
    const app = framework()
    app.use((req, res) => { res.redirect('/x') })
    const r = await request(app).get('/').set('Accept', 'image/png').expect('Content-Length', '0').expect(302)
    assert.equal(r.headers['content-type'], undefined)
    assert.equal(r.headers.vary, 'Accept')
  })

  it('sends no body to HEAD', async () => {
    const app = framework()
    app.use((req, res) => { res.redirect('/x') })
    const r = await request(app).head('/').set('Accept', 'text/plain').expect('Location', '/x').expect(302)
    assert.ok(!r.text)
  })
})

describe('res.redirect(status, url)', () => {
  it('uses the given status and its message', async () => {
    const app = framework()
    app.use((req, res) => { res.redirect(308, '/moved') })
    await request(app).get('/').set('Accept', 'text/plain').expect('Location', '/moved')
      .expect(308, 'Permanent Redirect. Redirecting to /moved')
  })
})

describe('res.redirect(url, status) (deprecated)', () => {
  expectWarnings(['ristretto deprecated res.redirect(url, status): Use res.redirect(status, url) instead'])

  it('still uses the status', async () => {
    const app = framework()
    app.use((req, res) => { res.redirect('/old', 301) })
    await request(app).get('/').expect('Location', '/old').expect(301)
  })
})
