// What Express 5.3 (with router 2.3) changed from 5.2, side by side with express@5.3 from
// devDependencies: the same app built on each, the same requests, the replies compared down to
// the header lines.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import net from 'node:net'
import path from 'node:path'
import { format } from 'node:util'
import { sideBySide } from '../../support/differential'
import express5 = require('../../../presets/express5')
import defaultPreset = require('../../../presets/default')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const reference = require('express-5') as typeof express5

type Framework = typeof express5
type App = ReturnType<Framework>

const FILE = path.join(__dirname, '..', '..', 'fixtures', 'file-transfer', 'hello.txt')

/** One request, written as given, on its own connection: the whole reply as text, without its Date line. */
function rawExchange (port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head))
    let data = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => { data += chunk })
    socket.on('end', () => resolve(data.replace(/\r\nDate: [^\r]*/, '')))
    socket.on('error', reject)
  })
}

/** A request head: the method and path, Host, `Connection: close` and the extra header lines. */
function head (method: string, target: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')
  return `${method} ${target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n${lines}\r\n`
}

/** Builds the same app on the preset and on express@5.3, sends each request to both, and asserts the replies are the same bytes. */
async function sameReplies (build: (app: App, framework: Framework) => void, requests: string[]): Promise<string[]> {
  const apps = [express5, reference].map((framework) => {
    const app = framework()
    app.set('env', 'test')
    build(app, framework)
    return app
  })
  const replies: string[] = []
  await sideBySide(apps[0] as never, apps[1] as never, async (ours, theirs) => {
    for (const request of requests) {
      const [a, b] = [await rawExchange(ours, request), await rawExchange(theirs, request)]
      assert.equal(a, b, request)
      replies.push(a)
    }
  })
  return replies
}

describe('express5 preset: Express 5.3 responses', () => {
  it('writes Content-Disposition as content-disposition 2 does, on the base name', async () => {
    const names = ['reports/report.txt', 'résumé.pdf', 'image.png', 'x y.txt', '日本.txt', 'q"uote.txt', '', 'dir/', '..', 'a\\b.txt']
    const requests = names.flatMap((_, i) => [head('GET', `/attachment/${i}`), head('GET', `/download/${i}`)])
    const replies = await sameReplies((app) => {
      app.get('/attachment/none', (req, res) => { res.attachment().end() })
      app.get('/attachment/:i', (req, res) => { res.attachment(names[Number(req.params.i)]).end() })
      app.get('/download/:i', (req, res) => { res.download(FILE, names[Number(req.params.i)]) })
      app.get('/download', (req, res) => { res.download(FILE) })
    }, [...requests, head('GET', '/attachment/none'), head('GET', '/download')])
    assert.match(replies[0], /\r\nContent-Disposition: attachment; filename=report\.txt\r\n/)
    assert.match(replies[2], /\r\nContent-Disposition: attachment; filename="r\?sum\?\.pdf"; filename\*=UTF-8''r%C3%A9sum%C3%A9\.pdf\r\n/)
  })

  it('keeps content-disposition 0.5 in the default preset', async () => {
    const app = defaultPreset()
    app.get('/', (req, res) => { res.attachment('reports/résumé.pdf').end() })
    await sideBySide(app, app, async (port) => {
      const reply = await rawExchange(port, head('GET', '/'))
      assert.match(reply, /\r\nContent-Disposition: attachment; filename="résumé\.pdf"\r\n/)
    })
  })

  it('redirects HTML clients with a whole document titled with the status message', async () => {
    const statuses = [301, 302, 303, 307, 308, 399]
    const requests = statuses.flatMap((status) => ['text/html', 'text/plain', 'application/json'].flatMap((accept) =>
      ['GET', 'HEAD'].map((method) => head(method, `/${status}`, { Accept: accept }))))
    const replies = await sameReplies((app) => {
      app.get('/:status', (req, res) => { res.redirect(Number(req.params.status), 'http://example.com/<a>&"\'') })
    }, requests)
    assert.ok(replies[0].endsWith('<!DOCTYPE html><head><title>Moved Permanently</title></head><body><p>Moved Permanently. ' +
      'Redirecting to http://example.com/%3Ca%3E&amp;%22&#39;</p></body>'), replies[0])
  })

  it('adds the charset to text bodies as content-type 2: parameters kept, malformed ones dropped', async () => {
    const types = ['text/plain; foo=bar', 'text/plain; foo', 'TEXT/Plain; Charset=latin1; a=b', 'a/b; c=d; c=e', 'text/plain;',
      'text/plain; a=b;; c=d', 'x/y; a=b, c/d', 'text/plain; a=b c', 'application/json; charset=utf-16', 'text/plain; =x', '/']
    const requests = types.flatMap((_, i) => ['text', 'json', 'null', 'bytes'].map((kind) => head('GET', `/${kind}/${i}`)))
    const replies = await sameReplies((app) => {
      app.get('/:kind/:i', (req, res) => {
        res.set('Content-Type', types[Number(req.params.i)])
        const kind = req.params.kind
        if (kind === 'text') res.send('hey')
        else if (kind === 'json') res.json({ a: 1 })
        else if (kind === 'null') res.send(null)
        else res.send(Buffer.from('hey'))
      })
      // The type that failed is replaced, so the error is answered as text.
      app.use((err: Error, req: unknown, res: { status (code: number): { type (t: string): { send (body: string): void } } }, next: unknown) => {
        void next
        res.status(500).type('txt').send(`${err.name}: ${err.message}`)
      })
    }, requests)
    assert.match(replies[0], /\r\nContent-Type: text\/plain; foo=bar; charset=utf-8\r\n/)
    assert.match(replies[4], /\r\nContent-Type: text\/plain; charset=utf-8\r\n/)
  })

  it('leaves Content-Length out of res.send when a Transfer-Encoding is set', async () => {
    const bodies: Record<string, unknown> = { text: 'hello', empty: '', bytes: Buffer.from('bytes'), json: { a: 1 }, null: null, long: 'x'.repeat(1500) }
    const requests = ['chunked', 'gzip', 'none'].flatMap((encoding) => Object.keys(bodies).flatMap((kind) =>
      ['GET', 'HEAD'].flatMap((method) => ['', '?status=204', '?status=205'].map((query) => head(method, `/${encoding}/${kind}${query}`)))))
    const replies = await sameReplies((app) => {
      app.all('/:encoding/:kind', (req, res) => {
        if (req.params.encoding !== 'none') res.set('Transfer-Encoding', req.params.encoding)
        if (req.query.status) res.status(Number(req.query.status))
        res.send(bodies[req.params.kind])
      })
    }, requests)
    assert.doesNotMatch(replies[0], /Content-Length/)
    assert.match(replies[0], /\r\nTransfer-Encoding: chunked\r\n[^]*\r\n\r\n5\r\nhello\r\n0\r\n\r\n$/)
  })

  it('revalidates QUERY requests as GET and HEAD ones: 304 when fresh', async () => {
    const requests = ['GET', 'HEAD', 'QUERY', 'POST'].flatMap((method) => [
      head(method, '/', { 'If-None-Match': '"v1"' }),
      head(method, '/', { 'If-None-Match': '"v0"' })
    ])
    const replies = await sameReplies((app) => {
      app.all('/', (req, res) => { res.set('ETag', '"v1"').set('X-Fresh', `${req.fresh} ${req.stale}`).send('report') })
    }, requests)
    assert.match(replies[4], /^HTTP\/1\.1 304 /)
    assert.match(replies[6], /^HTTP\/1\.1 200 /)
  })
})

describe('express5 preset: Express 5.3 application', () => {
  it('renders with null options as with none', async () => {
    const rendered = await Promise.all([express5, reference].map((framework) => new Promise<string>((resolve) => {
      const app = framework()
      app.engine('tmpl', (file: string, options: object, callback: (err: null, html: string) => void) => {
        callback(null, `${path.basename(file)} ${Object.keys(options).sort().join(',')}`)
      })
      app.set('views', path.join(__dirname, '..', '..', 'fixtures', 'views'))
      app.locals.who = 'app'
      app.render('user.tmpl', null as unknown as object, (err: Error | null, html?: string) => resolve(err ? `error: ${err.message}` : String(html)))
    })))
    assert.equal(rendered[0], rendered[1])
    assert.equal(rendered[0], 'user.tmpl cache,settings,who')
  })

  it('logs an escaped error whole, cause and own properties included', async () => {
    const logged: string[][] = [[], []]
    const errors: Record<string, () => unknown> = {
      cause: () => Object.assign(new Error('outer', { cause: new Error('inner') }), { code: 'E_OUTER' }),
      object: () => ({ message: 'plain', status: 400 }),
      text: () => 'a string'
    }
    const original = console.error
    try {
      for (const [i, framework] of [express5, reference].entries()) {
        console.error = (...args: unknown[]) => { logged[i].push(format(...args).replace(/\n\s+at .*/g, '')) }
        const app = framework()
        app.set('env', 'development')
        app.get('/:kind', (req, res, next) => { next(errors[req.params.kind]()) })
        await sideBySide(app, app, async (port) => {
          for (const kind of Object.keys(errors)) {
            await rawExchange(port, head('GET', `/${kind}`))
            // The final handler logs after answering.
            await new Promise((resolve) => setImmediate(resolve))
          }
        })
      }
    } finally {
      console.error = original
    }
    assert.deepEqual(logged[0], logged[1])
    assert.equal(logged[0].length, 3)
    assert.match(logged[0][0], /\[cause\]: Error: inner/)
    assert.match(logged[0][0], /code: 'E_OUTER'/)
    assert.equal(logged[0][1], "{ message: 'plain', status: 400 }")
  })

  it('holds only the app\'s own layers in app.router, with router 2.3\'s fields', () => {
    function shape (framework: Framework, build: (app: App, framework: Framework) => void) {
      const app = framework()
      build(app, framework)
      return app.router.stack.map((layer: any) => ({
        name: layer.name,
        own: Object.keys(layer),
        rawPath: String(layer.rawPath),
        slash: layer.slash,
        matchers: layer.matchers.length,
        route: layer.route && { path: layer.route.path, stack: layer.route.stack.map((l: any) => [l.name, l.method, Object.keys(l)]) },
        matches: ['/', '/users/7', '/api/v2/x', '/x/%E0'].map((p) => {
          try {
            const found = layer.match(p)
            return found && { ...found, pattern: String(found.pattern) }
          } catch (err) {
            return `${(err as Error).message} ${(err as { status?: number }).status} ${(err as { statusCode?: number }).statusCode}`
          }
        })
      }))
    }
    const apps: Array<(app: App, framework: Framework) => void> = [
      () => {},
      (app, framework) => {
        app.use(framework.json())
        app.get('/users/:id', function getUser (req, res) { res.end() })
        app.route('/x/:part').get((req, res) => { res.end() }).post(function save (req, res) { res.end() })
        app.use('/api/:version', framework.Router())
        app.use(['/a', /^\/b/], function both (req, res, next) { next() })
        app.use((err: unknown, req: unknown, res: unknown, next: (err: unknown) => void) => { next(err) })
      },
      (app) => {
        app.set('query parser', 'extended')
        app.get('/', (req, res) => { res.json(req.query) })
      }
    ]
    for (const build of apps) assert.deepEqual(shape(express5, build), shape(reference, build))
    assert.deepEqual(express5().router.stack, [])
  })

  it('still initialises each request before its handlers, with no init layer', async () => {
    const replies = await sameReplies((app, framework) => {
      app.get('/', (req, res) => {
        res.json({
          links: [req.res === res, res.req === req],
          prototypes: [Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response],
          locals: Object.getPrototypeOf(res.locals),
          next: typeof req.next
        })
      })
      const sub = framework()
      sub.disable('x-powered-by')
      sub.get('/', (req, res) => { res.json({ sub: Object.getPrototypeOf(req) === sub.request, header: res.get('X-Powered-By') ?? null }) })
      app.use('/sub', sub)
      app.get('/after', (req, res, next) => { next() }, (req, res) => { res.json(Object.getPrototypeOf(req) === app.request) })
    }, [head('GET', '/'), head('GET', '/sub'), head('GET', '/after'), head('GET', '/missing')])
    assert.match(replies[0], /\{"links":\[true,true\],"prototypes":\[true,true\],"locals":null,"next":"function"\}$/)
    assert.match(replies[3], /^HTTP\/1\.1 404 [^]*\r\nX-Powered-By: Express\r\n/)
  })

  it('answers 404 with X-Powered-By from an app that has no route, or with it disabled', async () => {
    await sameReplies(() => {}, [head('GET', '/'), head('HEAD', '/x')])
    await sameReplies((app) => { app.disable('x-powered-by') }, [head('GET', '/')])
  })

  it('keeps the path separator when a mounted middleware rewrites req.url', async () => {
    const rewrites = ['', '/', '/?q', '?a=1', 'x', '/x/', '//x', 'nosl/']
    const requests = ['/m', '/m/', '/m?a=1', '/m/?a=1', '/m/x'].flatMap((target) => rewrites.map((_, i) => head('GET', target, { 'X-Rewrite': String(i) })))
    const replies = await sameReplies((app, framework) => {
      const router = framework.Router()
      router.use((req, res, next) => { res.locals.seen = [req.url]; req.url = rewrites[Number(req.headers['x-rewrite'])]; next() })
      router.use((req, res, next) => { (res.locals.seen as string[]).push(req.url); next() })
      app.use('/m', router)
      app.use('/m', (req, res, next) => { (res.locals.seen as string[]).push(req.url); next() })
      app.use((req, res) => { res.json([...res.locals.seen as string[], req.url, req.baseUrl]) })
    }, requests)
    assert.match(replies[rewrites.length + 5], /\["\/","\/x\/","\/x\/","\/m\/x\/",""\]$/)
  })

  it('lists a router\'s routes and mounted routers with router.listRoutes()', () => {
    function listed (framework: Framework) {
      const router = framework.Router()
      const inner = framework.Router()
      inner.get('/i', (req, res) => { res.end() })
      router.use((req, res, next) => { next() })
      router.use('/inner', inner)
      router.use(['/m1', '/m2'], inner)
      router.use('/app', framework())
      router.get(['/a', /^\/re/], (req, res) => { res.end() })
      router.all('/all', (req, res) => { res.end() })
      router.route('/empty')
      router.route('/order').all((req, res, next) => { next() }).get((req, res) => { res.end() }).post((req, res) => { res.end() })
      router.route('/head').head((req, res) => { res.end() }).get((req, res) => { res.end() })
      const app = framework()
      app.all('/each', (req, res) => { res.end() })
      const list = [...router.listRoutes(), ...app.router.listRoutes()]
      return list.map((entry) => ({ ...entry, path: String(entry.path), router: (entry.router as unknown) === inner ? 'inner' : entry.router, keys: Object.keys(entry) }))
    }
    const ours = listed(express5)
    assert.deepEqual(ours, listed(reference))
    assert.deepEqual(ours.map((e) => [e.path, e.methods?.join(' ')]).slice(0, 8), [
      ['/inner', undefined], ['/m1', undefined], ['/m2', undefined], ['/a', 'GET HEAD'], ['/^\\/re/', 'GET HEAD'],
      ['/all', '*'], ['/empty', ''], ['/order', '* GET POST HEAD']
    ])
    assert.equal('listRoutes' in express5(), false)
  })

  it('gives a malformed route parameter\'s error statusCode 400, as status', async () => {
    const replies = await sameReplies((app) => {
      app.get('/files/:name', (req, res) => { res.end() })
      app.use((err: { status?: number, statusCode?: number, message: string }, req: unknown, res: { json (body: unknown): void }, next: unknown) => {
        void next
        res.json([err.status, err.statusCode, err.message])
      })
    }, [head('GET', '/files/%E0')])
    assert.match(replies[0], /\[400,400,"Failed to decode param '%E0'"\]$/)
  })
})
