import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import etag from 'etag'
import framework from '../../../presets/default'
import type { ETagSetting } from '../../../plugins/response/types'

function appWith (value?: ETagSetting, body: string | Buffer = 'some body') {
  const app = framework()
  if (value !== undefined) app.set('etag', value)
  app.use((req, res) => { res.send(body) })
  return app
}

describe('app.set("etag", value)', () => {
  it('defaults to weak tags', async () => {
    const app = appWith()
    assert.equal(app.get('etag'), 'weak')
    await request(app).get('/').expect('ETag', etag('some body', { weak: true })).expect(200)
  })

  it('tags empty and long bodies, strings and Buffers alike', async () => {
    await request(appWith(undefined, '')).get('/').expect('ETag', etag('', { weak: true }))
    const long = 'x'.repeat(5000)
    await request(appWith(undefined, long)).get('/').expect('ETag', etag(long, { weak: true })).expect(200, long)
    await request(appWith(undefined, Buffer.from('bytes'))).get('/').expect('ETag', etag('bytes', { weak: true }))
  })

  it('"strong" and true select strong and weak tags', async () => {
    await request(appWith('strong')).get('/').expect('ETag', etag('some body'))
    await request(appWith(true)).get('/').expect('ETag', etag('some body', { weak: true }))
  })

  it('false sends no ETag, unless set by hand', async () => {
    const r = await request(appWith(false)).get('/').expect(200)
    assert.equal(r.headers.etag, undefined)
    const app = framework()
    app.disable('etag')
    app.use((req, res) => { res.set('ETag', '"mine"').send('x') })
    await request(app).get('/').expect('ETag', '"mine"')
  })

  it('a function computes the tag from the body; a falsy result sends none', async () => {
    let seen = ''
    await request(appWith((body: Buffer | string, enc?: BufferEncoding) => {
      seen = Buffer.isBuffer(body) ? body.toString() : Buffer.from(body, enc).toString()
      return '"v1"'
    })).get('/').expect('ETag', '"v1"')
    assert.equal(seen, 'some body')
    const r = await request(appWith(() => undefined)).get('/').expect(200)
    assert.equal(r.headers.etag, undefined)
  })

  it('refuses unknown values with a TypeError', () => {
    // 'medium' is not an etag value: the setting refuses it.
    assert.throws(() => framework().set('etag', 'medium'), TypeError)
  })

  it('a tag set by hand is never replaced', async () => {
    const app = framework()
    app.use((req, res) => { res.set('ETag', '"fixed"').send('x') })
    await request(app).get('/').expect('ETag', '"fixed"')
  })
})
