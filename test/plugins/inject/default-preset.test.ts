// The default preset's features, each sent both over HTTP (supertest) and in process (inject).
import { describe } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { Readable, Writable } from 'node:stream'
import cookieParser from 'cookie-parser'
import modern from '../../../presets/modern'
import logger from '../../../plugins/logger'
import { both } from '../../support/both'
import type { NextFunction, Request, Response } from '../../../kernel'
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['ristretto deprecated res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices'])

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures')
const STATIC = path.join(FIXTURES, 'static')
const VIEWS = path.join(FIXTURES, 'views')

/** `{{name}}` templates, enough to show a view rendered with its locals. */
function tinyEngine (file: string, locals: Record<string, unknown>, callback: (err: Error | null, html?: string) => void): void {
  fs.readFile(file, 'utf8', (err, text) => {
    if (err) return callback(err)
    callback(null, text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(locals[key] ?? '')))
  })
}

describe('the default preset through app.inject (and supertest)', { timeout: 20_000 }, () => {
  describe('body parsers', () => {
    const app = modern()
    app.use(modern.json(), modern.urlencoded({ extended: true }), modern.text(), modern.raw({ type: 'application/octet-stream' }))
    app.post('/', (req, res) => { res.json({ body: Buffer.isBuffer(req.body) ? `bytes:${req.body.length}` : req.body }) })

    both('parse JSON', async (send) => {
      const res = await send(app, { method: 'POST', url: '/', body: { user: { name: 'tobi' } } })
      assert.deepEqual(res.json(), { body: { user: { name: 'tobi' } } })
    })

    both('parse urlencoded forms, nested with extended', async (send) => {
      const res = await send(app, { method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user[name]=tobi&x=1' })
      assert.deepEqual(res.json(), { body: { user: { name: 'tobi' }, x: '1' } })
    })

    both('parse text and raw bodies, streamed too', async (send) => {
      const text = await send(app, { method: 'POST', url: '/', headers: { 'content-type': 'text/plain' }, body: Readable.from(['hello ', 'world']) })
      assert.deepEqual(text.json(), { body: 'hello world' })
      const raw = await send(app, { method: 'POST', url: '/', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(1000) })
      assert.deepEqual(raw.json(), { body: 'bytes:1000' })
    })

    both('inflate gzip bodies', async (send) => {
      const res = await send(app, {
        method: 'POST', url: '/', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: zlib.gzipSync('{"zipped":true}')
      })
      assert.deepEqual(res.json(), { body: { zipped: true } })
    })

    both('answer 400 for malformed JSON and 413 for a body over the limit', async (send) => {
      const bad = await send(app, { method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, body: '{"a":' })
      assert.equal(bad.status, 400)
      const big = await send(app, { method: 'POST', url: '/', body: { data: 'x'.repeat(200 * 1024) } })
      assert.equal(big.status, 413)
    })
  })

  describe('cookies', () => {
    const app = modern()
    app.use(cookieParser('secret'))
    app.get('/set', (req, res) => {
      res.cookie('plain', 'v', { httpOnly: true }).cookie('signed', 's', { signed: true }).send('set')
    })
    app.get('/read', (req, res) => {
      const r = req as Request & { cookies: Record<string, string>, signedCookies: Record<string, string> }
      res.json({ cookies: r.cookies, signed: r.signedCookies })
    })
    app.get('/clear', (req, res) => { res.clearCookie('plain').send('cleared') })

    both('are set, signed, read back and cleared', async (send) => {
      const set = await send(app, '/set')
      const cookies = set.headers['set-cookie']!
      assert.equal(cookies.length, 2)
      assert.match(cookies[0], /^plain=v; Path=\/; HttpOnly$/)
      const pairs = cookies.map((c) => c.split(';')[0])
      const read = await send(app, { url: '/read', headers: { cookie: pairs.join('; ') } })
      assert.deepEqual(read.json(), { cookies: { plain: 'v' }, signed: { signed: 's' } })
      const clear = await send(app, '/clear')
      assert.match(clear.headers['set-cookie']![0], /^plain=; Path=\/; Expires=Thu, 01 Jan 1970/)
    })
  })

  describe('static files and sendFile (streams)', () => {
    const app = modern()
    app.use('/static', modern.static(STATIC))
    app.get('/file', (req, res) => { res.sendFile(path.join(STATIC, 'style.css')) })
    app.get('/download', (req, res) => { res.download(path.join(STATIC, 'about.txt'), 'renamed.txt') })
    const css = fs.readFileSync(path.join(STATIC, 'style.css'))

    both('serves files with type, length, ETag and Last-Modified', async (send) => {
      const res = await send(app, '/static/about.txt')
      assert.equal(res.status, 200)
      assert.equal(res.text, fs.readFileSync(path.join(STATIC, 'about.txt'), 'utf8'))
      assert.equal(res.headers['content-type'], 'text/plain; charset=UTF-8')
      assert.ok(res.headers.etag)
      assert.ok(res.headers['last-modified'])
    })

    both('answers 304 to a matching If-None-Match, and 206 to a range', async (send) => {
      const first = await send(app, '/file')
      assert.deepEqual(first.body, css)
      const again = await send(app, { url: '/file', headers: { 'if-none-match': first.headers.etag as string } })
      assert.equal(again.status, 304)
      assert.equal(again.body.length, 0)
      const part = await send(app, { url: '/file', headers: { range: 'bytes=0-3' } })
      assert.equal(part.status, 206)
      assert.deepEqual(part.body, css.subarray(0, 4))
      assert.equal(part.headers['content-range'], `bytes 0-3/${css.length}`)
    })

    both('redirects a folder to its slash and serves index.html', async (send) => {
      const res = await send(app, '/static/docs')
      assert.equal(res.status, 301)
      assert.equal(res.headers.location, '/static/docs/')
      const index = await send(app, '/static/docs/')
      assert.equal(index.text, fs.readFileSync(path.join(STATIC, 'docs', 'index.html'), 'utf8'))
    })

    both('downloads as an attachment', async (send) => {
      const res = await send(app, '/download')
      assert.equal(res.headers['content-disposition'], 'attachment; filename="renamed.txt"')
      assert.equal(res.text, fs.readFileSync(path.join(STATIC, 'about.txt'), 'utf8'))
    })
  })

  describe('views', () => {
    const app = modern()
    app.engine('tmpl', tinyEngine)
    app.set('views', VIEWS)
    app.set('view engine', 'tmpl')
    app.get('/user', (req, res) => { res.render('user', { user: 'tobi' }) })
    app.get('/missing', (req, res) => { res.render('nope') })

    both('render with locals, and fail with 500 for a missing view', async (send) => {
      const res = await send(app, '/user')
      assert.equal(res.text, '<p>tobi</p>')
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal((await send(app, '/missing')).status, 500)
    })
  })

  describe('redirects and negotiation', () => {
    const app = modern()
    app.get('/old', (req, res) => { res.redirect(301, '/new?x=<y>') })
    app.get('/back', (req, res) => { res.redirect('back') })
    app.get('/format', (req, res) => {
      res.format({ 'text/plain': () => { res.send('text') }, 'application/json': () => { res.json({ json: true }) } })
    })

    both('redirect with a status, an encoded Location and a body per Accept', async (send) => {
      const res = await send(app, { url: '/old', headers: { accept: 'text/html' } })
      assert.equal(res.status, 301)
      assert.equal(res.headers.location, '/new?x=%3Cy%3E')
      assert.equal(res.text, '<p>Moved Permanently. Redirecting to /new?x=%3Cy%3E</p>')
      const back = await send(app, { url: '/back', headers: { referer: '/from' } })
      assert.equal(back.headers.location, '/from')
    })

    both('negotiate with res.format, 406 when nothing fits', async (send) => {
      assert.equal((await send(app, { url: '/format', headers: { accept: 'application/json' } })).text, '{"json":true}')
      assert.equal((await send(app, { url: '/format', headers: { accept: 'text/*' } })).text, 'text')
      assert.equal((await send(app, { url: '/format', headers: { accept: 'image/png' } })).status, 406)
    })
  })

  describe('the logger', () => {
    const lines: string[] = []
    const stream = new Writable({ write (chunk, _enc, cb) { lines.push(String(chunk)); cb() } })
    const app = modern()
    app.use(logger(':method :url :status :res[content-length] :remote-addr', { stream }))
    app.get('/logged', (req, res) => { res.send('logged') })

    both('writes one line per request once the response finished', async (send) => {
      lines.length = 0
      await send(app, '/logged?x=1')
      // The line is written when the response finished, which may follow the reply's arrival.
      while (lines.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
      assert.equal(lines.length, 1)
      assert.match(lines[0], /^GET \/logged\?x=1 200 6 (::ffff:)?127\.0\.0\.1\n$/)
    })
  })

  describe('the final handler and errors', () => {
    const app = modern()
    app.get('/error', (req: Request, res: Response, next: NextFunction) => { next(Object.assign(new Error('teapot'), { status: 418 })) })

    both('answers 404 for unknown paths and the error\'s status for errors', async (send) => {
      const missing = await send(app, { method: 'DELETE', url: '/nowhere' })
      assert.equal(missing.status, 404)
      assert.match(missing.text, /Cannot DELETE \/nowhere/)
      assert.equal(missing.headers['content-security-policy'], "default-src 'none'")
      assert.equal((await send(app, '/error')).status, 418)
    })

    both('answers OPTIONS with Allow, and HEAD with GET\'s headers', async (send) => {
      const opts = await send(app, { method: 'OPTIONS', url: '/error' })
      assert.equal(opts.headers.allow, 'GET,HEAD')
      const head = await send(app, { method: 'HEAD', url: '/nowhere' })
      assert.equal(head.status, 404)
      assert.equal(head.body.length, 0)
    })
  })
})
