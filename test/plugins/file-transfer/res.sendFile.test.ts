import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import request from 'supertest'
import etag from 'etag'
import framework from '../../../presets/default'
import type { SendFileOptions } from '../../../plugins/file-transfer'
import { FIXTURES, CAN_LIST_FDS, bigFile, openDescriptorsOf, eventually, abortAfterFirstChunk, listen } from './support'

/** Reads any body as text (supertest keeps unknown types as Buffers). */
function textParser (res: any, cb: (err: Error | null, body: string) => void) {
  let text = ''
  res.setEncoding('utf8')
  res.on('data', (chunk: string) => { text += chunk })
  res.on('end', () => cb(null, text))
}

const HELLO = path.join(FIXTURES, 'hello.txt')
const DIGITS = path.join(FIXTURES, 'digits.txt')

/** An app answering every request with res.sendFile(file, options), errors reported as `status:code`. */
function appSending (file: string, options?: SendFileOptions) {
  const app = framework()
  app.use((req, res) => { res.sendFile(file, options ?? {}) })
  app.use((err: any, req: any, res: any, next: any) => {
    res.status(err.status || 500).send(`error ${err.status ?? 500}:${err.code ?? err.name}`)
  })
  return app
}

describe('res.sendFile(path)', () => {
  it('streams the file with its type, length, validators and cache headers', async () => {
    const stat = fs.statSync(HELLO)
    const r = await request(appSending(HELLO))
      .get('/')
      .expect('Content-Type', 'text/plain; charset=UTF-8')
      .expect('Content-Length', '11')
      .expect('Accept-Ranges', 'bytes')
      .expect('Cache-Control', 'public, max-age=0')
      .expect('Last-Modified', stat.mtime.toUTCString())
      .expect(200, 'hello world')
    assert.equal(r.headers.etag, etag(stat))
    assert.match(r.headers.etag, /^W\/"/)
  })

  it('gives application/octet-stream to an unknown extension', async () => {
    await request(appSending(path.join(FIXTURES, 'readme')))
      .get('/')
      .expect('Content-Type', 'application/octet-stream')
      .expect(200)
  })

  it('keeps a Content-Type set before', async () => {
    const app = framework()
    app.use((req, res) => { res.type('application/x-custom'); res.sendFile(HELLO) })
    await request(app).get('/').expect('Content-Type', 'application/x-custom').expect(200, 'hello world')
  })

  it('serves names with percent signs and spaces as they are', async () => {
    await request(appSending(path.join(FIXTURES, '100% real.txt'))).get('/').expect(200, 'percent')
  })

  it('answers HEAD with the headers and no body', async () => {
    const r = await request(appSending(HELLO)).head('/').expect('Content-Length', '11').expect(200)
    assert.equal(r.text, undefined)
  })

  it('throws a TypeError for a missing, non-string or relative path', async () => {
    for (const [file, message] of [[undefined, /path argument is required/], [42, /path must be a string/], ['hello.txt', /path must be absolute/]] as const) {
      const app = framework()
      app.use((req, res) => { (res.sendFile as any)(file) })
      app.use((err: any, req: any, res: any, next: any) => { res.status(500).send(`${err.name}: ${err.message}`) })
      await request(app).get('/').expect(500, message)
    }
  })

  it('hands a missing file to next(err) with status 404 and the fs code', async () => {
    await request(appSending(path.join(FIXTURES, 'nope.txt'))).get('/').expect(404, 'error 404:ENOENT')
  })

  it('calls next() without error for a folder', async () => {
    const app = framework()
    app.use((req, res, next) => { res.sendFile(path.join(FIXTURES, 'folder')) })
    app.use((req, res) => { res.send('next called') })
    await request(app).get('/').expect(200, 'next called')
  })

  it('serves the index file of a path ending in a slash', async () => {
    await request(appSending(FIXTURES + '/folder/')).get('/').expect(200, '<h1>folder index</h1>')
  })
})

describe('res.sendFile(path) conditional requests', () => {
  it('answers 304 without content headers when If-None-Match matches', async () => {
    const app = appSending(HELLO)
    const first = await request(app).get('/').expect(200)
    const r = await request(app).get('/').set('If-None-Match', first.headers.etag).expect(304)
    assert.equal(r.headers['content-type'], undefined)
    assert.equal(r.headers['content-length'], undefined)
  })

  it('answers 304 for If-Modified-Since at or after Last-Modified', async () => {
    await request(appSending(HELLO)).get('/').set('If-Modified-Since', new Date(Date.now() + 60000).toUTCString()).expect(304)
    await request(appSending(HELLO)).get('/').set('If-Modified-Since', new Date(0).toUTCString()).expect(200, 'hello world')
  })

  it('ignores validators when the request says Cache-Control: no-cache', async () => {
    const tag = etag(fs.statSync(HELLO))
    await request(appSending(HELLO)).get('/').set('If-None-Match', tag).set('Cache-Control', 'no-cache').expect(200, 'hello world')
  })

  it('answers 412 when If-Match names no current tag, 200 when it does or is *', async () => {
    const tag = etag(fs.statSync(HELLO))
    await request(appSending(HELLO)).get('/').set('If-Match', '"other"').expect(412, 'error 412:PreconditionFailedError')
    await request(appSending(HELLO)).get('/').set('If-Match', `"other", ${tag}`).expect(200, 'hello world')
    await request(appSending(HELLO)).get('/').set('If-Match', '*').expect(200)
  })

  it('answers 412 when If-Unmodified-Since is before Last-Modified', async () => {
    await request(appSending(HELLO)).get('/').set('If-Unmodified-Since', new Date(0).toUTCString()).expect(412)
    await request(appSending(HELLO)).get('/').set('If-Unmodified-Since', new Date(Date.now() + 60000).toUTCString()).expect(200)
  })

  it('keeps a non-2xx status and sends the body even when the validators match', async () => {
    const app = framework()
    app.use((req, res) => { res.status(500); res.sendFile(HELLO) })
    await request(app).get('/').set('If-None-Match', etag(fs.statSync(HELLO))).expect(500, 'hello world')
  })
})

describe('res.sendFile(path) ranges', () => {
  it('answers one byte range with 206 and Content-Range', async () => {
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=2-5')
      .expect('Content-Range', 'bytes 2-5/10').expect('Content-Length', '4').expect(206, '2345')
  })

  it('supports suffix and open ranges, clamping the end', async () => {
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=-3').expect(206, '789')
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=7-').expect(206, '789')
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=8-100').expect('Content-Range', 'bytes 8-9/10').expect(206, '89')
  })

  it('answers 416 with Content-Range bytes */size when nothing is satisfiable', async () => {
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=10-20').expect('Content-Range', 'bytes */10').expect(416)
  })

  it('sends the whole file for malformed, non-byte or multiple ranges', async () => {
    for (const range of ['bytes', 'items=0-1', 'bytes=0-1,5-6']) {
      await request(appSending(DIGITS)).get('/').set('Range', range).expect(200, '0123456789')
    }
  })

  it('answers 416 to a byte range list with no valid range, as Express 4 does', async () => {
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=x-y').expect('Content-Range', 'bytes */10').expect(416)
  })

  it('honours If-Range only while its tag or date is current', async () => {
    const stat = fs.statSync(DIGITS)
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=0-0').set('If-Range', etag(stat)).expect(206, '0')
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=0-0').set('If-Range', '"stale"').expect(200, '0123456789')
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=0-0').set('If-Range', stat.mtime.toUTCString()).expect(206, '0')
    await request(appSending(DIGITS)).get('/').set('Range', 'bytes=0-0').set('If-Range', new Date(0).toUTCString()).expect(200, '0123456789')
  })
})

describe('res.sendFile(path, options)', () => {
  it('acceptRanges: false neither advertises nor honours ranges', async () => {
    const r = await request(appSending(DIGITS, { acceptRanges: false })).get('/').set('Range', 'bytes=0-1').expect(200, '0123456789')
    assert.equal(r.headers['accept-ranges'], undefined)
  })

  it('cacheControl: false sends no Cache-Control, even with maxAge', async () => {
    const r = await request(appSending(HELLO, { cacheControl: false, maxAge: 5000 })).get('/').expect(200)
    assert.equal(r.headers['cache-control'], undefined)
  })

  it('maxAge takes milliseconds or a duration string, floored, between 0 and one year', async () => {
    const cases: Array<[number | string, string]> = [
      [60000, 'public, max-age=60'], ['2h', 'public, max-age=7200'], ['20000', 'public, max-age=20'],
      [1500.9, 'public, max-age=1'], [-5000, 'public, max-age=0'], [Infinity, 'public, max-age=31536000'],
      ['not a duration', 'public, max-age=0']
    ]
    for (const [maxAge, expected] of cases) {
      await request(appSending(HELLO, { maxAge })).get('/').expect('Cache-Control', expected)
    }
  })

  it('immutable adds the directive', async () => {
    await request(appSending(HELLO, { immutable: true, maxAge: '1d' })).get('/').expect('Cache-Control', 'public, max-age=86400, immutable')
  })

  it('lastModified: false sends no Last-Modified and ignores If-Modified-Since', async () => {
    const r = await request(appSending(HELLO, { lastModified: false, etag: false }))
      .get('/').set('If-Modified-Since', new Date(Date.now() + 60000).toUTCString()).expect(200, 'hello world')
    assert.equal(r.headers['last-modified'], undefined)
  })

  it('etag: false sends no ETag', async () => {
    const r = await request(appSending(HELLO, { etag: false })).get('/').expect(200)
    assert.equal(r.headers.etag, undefined)
  })

  it('headers are set when the file is found, the last duplicate winning, Content-Type included', async () => {
    await request(appSending(HELLO, { headers: { 'X-One': '1', 'x-one': 'last', 'Content-Type': 'text/x-mine' } }))
      .get('/').expect('X-One', 'last').expect('Content-Type', 'text/x-mine').expect(200)
    const r = await request(appSending(path.join(FIXTURES, 'nope'), { headers: { 'X-One': '1' } })).get('/').expect(404)
    assert.equal(r.headers['x-one'], undefined)
  })

  it('start and end select a slice of the file', async () => {
    await request(appSending(DIGITS, { start: 3, end: 5 })).get('/').expect('Content-Length', '3').expect(200, '345')
  })

  it('throws a TypeError for an unknown dotfiles value', async () => {
    await request(appSending(HELLO, { dotfiles: 'maybe' as any })).get('/').expect(500, /error 500:TypeError/)
  })

  describe('dotfiles', () => {
    const SECRET = path.join(FIXTURES, '.secret')
    const INSIDE = path.join(FIXTURES, '.hidden-dir', 'inside.txt')

    it('unset: a final dot segment is not found, files inside dot folders are served', async () => {
      await request(appSending(SECRET)).get('/').expect(404, 'error 404:NotFoundError')
      await request(appSending(INSIDE)).get('/').expect(200, 'inside')
    })

    it('"ignore" answers 404 for any dot segment', async () => {
      await request(appSending(INSIDE, { dotfiles: 'ignore' })).get('/').expect(404)
    })

    it('"deny" answers 403', async () => {
      await request(appSending(SECRET, { dotfiles: 'deny' })).get('/').expect(403, 'error 403:ForbiddenError')
    })

    it('"allow" serves them', async () => {
      const r = await request(appSending(SECRET, { dotfiles: 'allow' })).get('/').buffer(true).parse(textParser).expect(200)
      assert.equal(r.body, 'secret')
    })
  })

  describe('root', () => {
    it('resolves a relative path inside root, .. allowed while it stays inside', async () => {
      await request(appSending('hello.txt', { root: FIXTURES })).get('/').expect(200, 'hello world')
      await request(appSending('folder/../hello.txt', { root: FIXTURES })).get('/').expect(200, 'hello world')
    })

    it('accepts a root relative to the working directory', async () => {
      await request(appSending('hello.txt', { root: path.relative(process.cwd(), FIXTURES) })).get('/').expect(200, 'hello world')
    })
  })
})

describe('res.sendFile(path, options) bad input', () => {
  const root = path.join(FIXTURES, 'folder')

  it('refuses every spelling of climbing above root with 403', async () => {
    for (const file of ['../hello.txt', '..', 'note.txt/../../hello.txt', '..\\hello.txt', './../hello.txt']) {
      await request(appSending(file, { root })).get('/').expect(403, 'error 403:ForbiddenError')
    }
  })

  it('takes an absolute path as relative to root', async () => {
    await request(appSending(HELLO, { root })).get('/').expect(404, 'error 404:ENOENT')
    await request(appSending('/note.txt', { root })).get('/').expect(200, 'note')
  })

  it('does not decode percent sequences: %2e%2e is a file name, not found inside root', async () => {
    await request(appSending('%2e%2e/hello.txt', { root })).get('/').expect(404)
  })

  it('answers 400 for NUL bytes', async () => {
    await request(appSending('note.txt\0.html', { root })).get('/').expect(400, 'error 400:BadRequestError')
    await request(appSending(HELLO + '\0')).get('/').expect(400)
  })

  it('refuses .. in an absolute path without root', async () => {
    await request(appSending(FIXTURES + '/folder/../hello.txt')).get('/').expect(403)
  })
})

describe('res.sendFile(path, fn)', () => {
  function appWithCallback (file: string, report: (err: any, res: any) => void, options: SendFileOptions = {}) {
    const app = framework()
    app.use((req, res) => { res.sendFile(file, options, (err) => report(err, res)) })
    return app
  }

  it('calls fn() without error once the file is sent', async () => {
    let calls = 0
    let error: unknown = 'not called'
    await request(appWithCallback(HELLO, (err) => { calls++; error = err })).get('/').expect(200, 'hello world')
    assert.ok(await eventually(() => calls === 1))
    assert.equal(error, undefined)
  })

  it('calls fn() without error for HEAD and 304', async () => {
    const errors: unknown[] = []
    const app = appWithCallback(HELLO, (err) => { errors.push(err) })
    await request(app).head('/').expect(200)
    await request(app).get('/').set('If-None-Match', etag(fs.statSync(HELLO))).expect(304)
    assert.ok(await eventually(() => errors.length === 2))
    assert.deepEqual(errors, [undefined, undefined])
  })

  it('hands errors to fn instead of next, leaving the response to it', async () => {
    const app = appWithCallback(path.join(FIXTURES, 'nope'), (err, res) => { res.send(`got ${err.status} ${err.code}`) })
    await request(app).get('/').expect(200, 'got 404 ENOENT')
  })

  it('reports a folder as an EISDIR error', async () => {
    const app = appWithCallback(path.join(FIXTURES, 'folder'), (err, res) => { res.send(`got ${err.code}`) })
    await request(app).get('/').expect(200, 'got EISDIR')
  })

  it('accepts fn as the second argument', async () => {
    const app = framework()
    app.use((req, res) => { res.sendFile(path.join(FIXTURES, 'nope'), (err) => { res.send(`got ${err?.status}`) }) })
    await request(app).get('/').expect(200, 'got 404')
  })
})

describe('res.sendFile(path) when the client aborts', { skip: !CAN_LIST_FDS && 'no /proc/self/fd' }, () => {
  it('reports ECONNABORTED to fn and leaves no open file descriptor', async () => {
    const big = bigFile()
    let reported: any
    const app = framework()
    app.use((req, res) => { res.sendFile(big.file, { highWaterMark: 16 * 1024 }, (err) => { reported = err }) })
    const server = await listen(app as any)
    try {
      await abortAfterFirstChunk(server, '/')
      assert.ok(await eventually(() => reported !== undefined), 'callback called')
      assert.equal(reported.code, 'ECONNABORTED')
      assert.ok(await eventually(() => openDescriptorsOf(big.file) === 0), 'file closed')
    } finally {
      server.close()
      big.cleanup()
    }
  })

  it('without fn, does not call next(err)', async () => {
    const big = bigFile()
    let nextError: unknown
    let served = false
    const app = framework()
    app.use((req, res) => { served = true; res.sendFile(big.file) })
    app.use((err: any, req: any, res: any, next: any) => { nextError = err; next(err) })
    const server = await listen(app as any)
    try {
      await abortAfterFirstChunk(server, '/')
      assert.ok(await eventually(() => served && openDescriptorsOf(big.file) === 0), 'file closed')
      await new Promise((resolve) => setTimeout(resolve, 50))
      assert.equal(nextError, undefined)
    } finally {
      server.close()
      big.cleanup()
    }
  })
})

describe('res.sendFile(path, options) with invalid headers', () => {
  it('reports an invalid header value as a 500 error instead of crashing', async () => {
    await request(appSending(HELLO, { headers: { 'X-Bad': 'line\nbreak' } })).get('/').expect(500, 'error 500:ERR_INVALID_CHAR')
  })
})
