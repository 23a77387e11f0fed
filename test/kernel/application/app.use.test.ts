import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { IncomingMessage, ServerResponse } from 'node:http'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import type { NextFunction, Request, Response } from '../../../kernel'

/** Middleware that appends `name` to the `X-Trail` header and continues. */
function mark (name: string) {
  return function marker (req: Request, res: Response, next: NextFunction) {
    const prev = res.getHeader('X-Trail')
    res.setHeader('X-Trail', prev ? `${String(prev)},${name}` : name)
    next()
  }
}

/** Ends with `url` and `baseUrl` as the handler saw them. */
function where (req: Request, res: Response) {
  res.end(`${req.baseUrl}|${req.url}`)
}

describe('app.use([path,] ...callbacks)', () => {
  it('returns the app', () => {
    const app = minimal()
    assert.equal(app.use(mark('a')), app)
  })

  it('without a path runs for every path and method, in registration order', async () => {
    const app = minimal()
    app.use(mark('one'))
    app.use(mark('two'))
    app.use(where)
    await request(app).get('/').expect('X-Trail', 'one,two').expect(200, '|/')
    await request(app).post('/any/path?q=1').expect('X-Trail', 'one,two').expect(200, '|/any/path?q=1')
  })

  it('with a path matches that path and those below it, stripping it from req.url', async () => {
    const app = minimal()
    app.use('/blog', where)
    app.use((req, res) => { res.statusCode = 404; res.end('outside') })
    await request(app).get('/blog').expect(200, '/blog|/')
    await request(app).get('/blog/').expect(200, '/blog|/')
    await request(app).get('/blog/post/1?x=y').expect(200, '/blog|/post/1?x=y')
    await request(app).get('/blogger').expect(404, 'outside')
    await request(app).get('/').expect(404, 'outside')
  })

  it('matches the mount path case-insensitively by default', async () => {
    const app = minimal()
    app.use('/Blog', where)
    await request(app).get('/bLOG/x').expect(200, '/bLOG|/x')
  })

  it('accepts a path with a trailing slash', async () => {
    const app = minimal()
    app.use('/docs/', where)
    await request(app).get('/docs/intro').expect(200, '/docs|/intro')
  })

  it('accepts several callbacks, an array, and nested arrays', async () => {
    const app = minimal()
    app.use(mark('a'), [mark('b'), [mark('c'), [mark('d')]]], mark('e'))
    app.use([[where]])
    await request(app).get('/').expect('X-Trail', 'a,b,c,d,e').expect(200, '|/')
  })

  it('accepts a path with an array of callbacks', async () => {
    const app = minimal()
    app.use('/p', [mark('a'), mark('b')], where)
    await request(app).get('/p/q').expect('X-Trail', 'a,b').expect(200, '/p|/q')
  })

  it('accepts an array of paths', async () => {
    const app = minimal()
    app.use(['/foo', '/bar'], where)
    app.use((req, res) => { res.end('none') })
    await request(app).get('/foo/1').expect(200, '/foo|/1')
    await request(app).get('/bar/2').expect(200, '/bar|/2')
    await request(app).get('/baz/3').expect(200, 'none')
  })

  it('accepts a pattern: req.baseUrl is the matched string and req.params its values', async () => {
    const app = minimal()
    app.use('/:lang/docs', (req, res) => { res.end(`${req.baseUrl}|${req.url}|${req.params.lang}`) })
    await request(app).get('/en/docs/start').expect(200, '/en/docs|/start|en')
  })

  it('accepts a regular expression', async () => {
    const app = minimal()
    app.use(/^\/v\d+/, where)
    app.use((req, res) => { res.end('none') })
    await request(app).get('/v2/users').expect(200, '/v2|/users')
    await request(app).get('/vx/users').expect(200, 'none')
  })

  it('mounts a sub-app', async () => {
    const app = minimal()
    const blog = minimal()
    blog.get('/', (req, res) => { res.end('blog home') })
    blog.get('/post', (req, res) => { res.end('blog post') })
    app.use('/blog', blog)
    await request(app).get('/blog').expect(200, 'blog home')
    await request(app).get('/blog/post').expect(200, 'blog post')
    await request(app).get('/post').expect(404)
  })

  it('mounts several sub-apps and functions in one call', async () => {
    const app = minimal()
    const a = minimal()
    const b = minimal()
    a.get('/a', (req, res) => { res.end('from a') })
    b.get('/b', (req, res) => { res.end('from b') })
    app.use('/x', mark('fn'), [a, b])
    await request(app).get('/x/a').expect('X-Trail', 'fn').expect(200, 'from a')
    await request(app).get('/x/b').expect(200, 'from b')
  })

  it('mounts a router', async () => {
    const app = minimal()
    const router = minimal.Router()
    router.get('/list', (req, res) => { res.end('listed') })
    app.use('/api', router)
    await request(app).get('/api/list').expect(200, 'listed')
  })

  it('registers four-argument functions as error middleware', async () => {
    const app = minimal()
    app.use((err: Error, req: IncomingMessage, res: ServerResponse, next: NextFunction) => { res.end('handled ' + err.message) })
    app.use(() => { throw new Error('late') })
    app.use((err: Error, req: IncomingMessage, res: ServerResponse, next: NextFunction) => { res.end('caught ' + err.message) })
    await request(app).get('/').expect(200, 'caught late')
  })

  describe('errors', () => {
    it('throws without any function', () => {
      const app = minimal()
      const use = app.use as (...args: unknown[]) => unknown
      assert.throws(() => use.call(app), { name: 'TypeError', message: 'app.use() requires a middleware function' })
      assert.throws(() => use.call(app, '/'), { name: 'TypeError', message: 'app.use() requires a middleware function' })
      assert.throws(() => use.call(app, []), { name: 'TypeError', message: 'app.use() requires a middleware function' })
      assert.throws(() => use.call(app, '/', [[]]), { name: 'TypeError', message: 'app.use() requires a middleware function' })
    })

    it('throws naming the type of a non-function callback', () => {
      const app = minimal()
      const use = app.use as (...args: unknown[]) => unknown
      assert.throws(() => use.call(app, '/', 'hello'), { name: 'TypeError', message: 'Router.use() requires a middleware function but got a string' })
      assert.throws(() => use.call(app, '/', 42), { message: 'Router.use() requires a middleware function but got a number' })
      assert.throws(() => use.call(app, '/', {}), { message: 'Router.use() requires a middleware function but got a Object' })
      assert.throws(() => use.call(app, '/', null), { message: 'Router.use() requires a middleware function but got a Null' })
      assert.throws(() => use.call(app, '/', new Date()), { message: 'Router.use() requires a middleware function but got a Date' })
      assert.throws(() => use.call(app, [mark('a'), 'x']), { message: 'Router.use() requires a middleware function but got a string' })
    })
  })
})
