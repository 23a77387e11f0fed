import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import type { Request, Response } from '../../../kernel'
import { rawRequest } from '../support'

/** Records req.baseUrl, req.url and req.originalUrl under `label`. */
function snapshot (log: Record<string, string[]>, label: string) {
  return function record (req: Request, res: Response, next: () => void) {
    log[label] = [req.baseUrl, req.url!, req.originalUrl]
    next()
  }
}

describe('req.baseUrl, req.url and req.originalUrl while mounted', () => {
  it('are "", the url, and the url at the top level', async () => {
    const app = minimal()
    app.get('/a/b', (req, res) => { res.end(JSON.stringify([req.baseUrl, req.url, req.originalUrl])) })
    await request(app).get('/a/b?x=1').expect(200, '["","/a/b?x=1","/a/b?x=1"]')
  })

  it('are rewritten inside a mounted router, and restored when it calls next', async () => {
    const app = minimal()
    const router = minimal.Router()
    const log: Record<string, string[]> = {}
    router.use(snapshot(log, 'inside'))
    router.get('/post/:id', (req, res, next) => { log.route = [req.baseUrl, req.url!, req.originalUrl]; next() })
    app.use('/blog', router)
    app.use((req, res) => { res.end(JSON.stringify([req.baseUrl, req.url, req.originalUrl])) })
    await request(app).get('/blog/post/1?draft=1').expect(200, '["","/blog/post/1?draft=1","/blog/post/1?draft=1"]')
    assert.deepEqual(log.inside, ['/blog', '/post/1?draft=1', '/blog/post/1?draft=1'])
    assert.deepEqual(log.route, ['/blog', '/post/1?draft=1', '/blog/post/1?draft=1'])
  })

  it('join through nested routers and sub-apps, each level restored on the way out', async () => {
    const app = minimal()
    const sub = minimal()
    const router = minimal.Router()
    const log: Record<string, string[]> = {}
    router.use(snapshot(log, 'deepest'))
    sub.use('/admin', router)
    sub.use(snapshot(log, 'sub after router'))
    app.use('/shop', sub)
    app.use((req, res) => { res.end(JSON.stringify([req.baseUrl, req.url])) })
    await request(app).get('/shop/admin/users').expect(200, '["","/shop/admin/users"]')
    assert.deepEqual(log.deepest, ['/shop/admin', '/users', '/shop/admin/users'])
    assert.deepEqual(log['sub after router'], ['/shop', '/admin/users', '/shop/admin/users'])
  })

  it('baseUrl holds the matched string for a pattern mount, not the pattern', async () => {
    const app = minimal()
    const router = minimal.Router()
    router.get('/', (req, res) => { res.end(req.baseUrl) })
    app.use('/post*', router)
    app.use('/:lang/docs', (req, res) => { res.end(req.baseUrl) })
    await request(app).get('/posts').expect(200, '/posts')
    await request(app).get('/en/docs/intro').expect(200, '/en/docs')
  })

  it('url becomes "/" when the whole path was the mount path, keeping the query', async () => {
    const app = minimal()
    app.use('/blog', (req, res) => { res.end(req.url) })
    await request(app).get('/blog').expect(200, '/')
    await request(app).get('/blog?page=2').expect(200, '/?page=2')
  })

  it('are restored after an error leaves the mounted router', async () => {
    const app = minimal()
    const router = minimal.Router()
    router.use(() => { throw new Error('inner') })
    app.use('/api', router)
    app.use((err: Error, req: Request, res: Response, next: () => void) => { res.end(JSON.stringify([req.baseUrl, req.url])) })
    await request(app).get('/api/x').expect(200, '["","/api/x"]')
  })

  it('keep scheme and host of an absolute request URL while rewriting its path', async () => {
    const app = minimal()
    app.use('/blog', (req, res) => { res.end(JSON.stringify([req.baseUrl, req.url, req.originalUrl])) })
    const res = await rawRequest(app as unknown as http.RequestListener, { path: 'http://example.com/blog/post?x=1' })
    assert.equal(res.status, 200)
    assert.deepEqual(JSON.parse(res.body), ['/blog', 'http://example.com/post?x=1', 'http://example.com/blog/post?x=1'])
  })

  it('originalUrl is kept when middleware rewrites req.url', async () => {
    const app = minimal()
    app.use((req, res, next) => { req.url = '/rewritten'; next() })
    app.get('/rewritten', (req, res) => { res.end(req.originalUrl) })
    await request(app).get('/original').expect(200, '/original')
  })
})
