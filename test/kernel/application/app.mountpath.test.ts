import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'

describe('app.mountpath', () => {
  it('is "/" for an app not mounted', () => {
    assert.equal(minimal().mountpath, '/')
  })

  it('is "/" for an app mounted without a path', () => {
    const app = minimal()
    const sub = minimal()
    app.use(sub)
    assert.equal(sub.mountpath, '/')
  })

  it('is the path string it was mounted on', () => {
    const app = minimal()
    const sub = minimal()
    app.use('/blog', sub)
    assert.equal(sub.mountpath, '/blog')
  })

  it('is the array of patterns when mounted on several', () => {
    const app = minimal()
    const sub = minimal()
    const paths = ['/admin', '/manager']
    app.use(paths, sub)
    assert.deepEqual(sub.mountpath, ['/admin', '/manager'])
  })

  it('is the pattern, not the matched path, while req.baseUrl is the matched path', async () => {
    const app = minimal()
    const sub = minimal()
    sub.get('/', (req, res) => { res.end(`${String(sub.mountpath)} ${req.baseUrl}`) })
    app.use('/post*', sub)
    await request(app).get('/posts').expect(200, '/post* /posts')
  })

  it('keeps a regular expression as given', () => {
    const app = minimal()
    const sub = minimal()
    const pattern = /^\/v\d+/
    app.use(pattern, sub)
    assert.equal(sub.mountpath, pattern)
  })

  it('sets app.parent', () => {
    const app = minimal()
    const sub = minimal()
    assert.equal(sub.parent, undefined)
    app.use('/s', sub)
    assert.equal(sub.parent, app)
  })
})
