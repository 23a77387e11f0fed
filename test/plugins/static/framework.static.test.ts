import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import etag from 'etag'
import framework from '../../../presets/default'
import type { StaticOptions } from '../../../plugins/static'
import { STATIC_FIXTURES as ROOT, CAN_LIST_FDS, bigFile, openDescriptorsOf, eventually, abortAfterFirstChunk, listen } from '../file-transfer/support'

/** The status of a GET sent with `urlPath` exactly as given (no client-side normalisation). */
function rawStatus (server: http.Server, urlPath: string): Promise<number | undefined> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: urlPath }, (res) => { res.resume(); resolve(res.statusCode) }).on('error', reject)
  })
}

/** An app serving `root` then answering "next" (fallthrough) or the error's status and name. */
function appServing (options?: StaticOptions, root = ROOT) {
  const app = framework()
  app.use(framework.static(root, options))
  app.use((req, res) => { res.status(404).send('next') })
  app.use((err: any, req: any, res: any, next: any) => { res.status(err.status || 500).send(`error ${err.status ?? 500}:${err.code ?? err.name}`) })
  return app
}

describe('framework.static(root)', () => {
  it('requires a string root', () => {
    assert.throws(() => (framework.static as any)(), /root path required/)
    assert.throws(() => (framework.static as any)(42), /root path must be a string/)
  })

  it('serves files below root with type, length, validators and caching headers', async () => {
    const stat = fs.statSync(path.join(ROOT, 'style.css'))
    await request(appServing())
      .get('/style.css')
      .expect('Content-Type', 'text/css; charset=UTF-8')
      .expect('Content-Length', String(stat.size))
      .expect('ETag', etag(stat))
      .expect('Last-Modified', stat.mtime.toUTCString())
      .expect('Cache-Control', 'public, max-age=0')
      .expect('Accept-Ranges', 'bytes')
      .expect(200, 'body { color: red }')
  })

  it('serves index.html for / and for folders requested with a slash', async () => {
    await request(appServing()).get('/').expect(200, '<h1>home</h1>')
    await request(appServing()).get('/docs/').expect('Content-Type', /html/).expect(200, '<h1>docs</h1>')
  })

  it('decodes the URL path and allows .. that stays inside root', async () => {
    await request(appServing()).get('/docs/%2E%2E/about.txt').expect(200, 'about text')
    await request(appServing()).get('/plain/../docs/guide.txt').expect(200, 'guide')
  })

  it('serves empty files', async () => {
    await request(appServing()).get('/empty.txt').expect('Content-Length', '0').expect(200, '')
  })

  it('answers HEAD without a body', async () => {
    const r = await request(appServing()).head('/style.css').expect(200)
    assert.equal(r.text, undefined)
  })

  it('supports 304, 412 and byte ranges', async () => {
    const app = appServing()
    const first = await request(app).get('/about.txt').expect(200)
    await request(app).get('/about.txt').set('If-None-Match', first.headers.etag).expect(304)
    await request(app).get('/about.txt').set('If-Match', '"nope"').expect(412)
    await request(app).get('/about.txt').set('Range', 'bytes=0-4').expect('Content-Range', 'bytes 0-4/10').expect(206, 'about')
    await request(app).get('/about.txt').set('Range', 'bytes=50-').expect('Content-Range', 'bytes */10').expect(416)
  })

  it('calls next() for a missing file', async () => {
    await request(appServing()).get('/missing.txt').expect(404, 'next')
  })

  it('keeps a status set before', async () => {
    const app = framework()
    app.use((req, res, next) => { res.status(203); next() })
    app.use(framework.static(ROOT))
    await request(app).get('/about.txt').expect(203, 'about text')
  })

  it('passes methods other than GET and HEAD on', async () => {
    await request(appServing()).post('/about.txt').expect(404, 'next')
    await request(appServing()).delete('/about.txt').expect(404, 'next')
  })

  it('works mounted, and with root naming a file', async () => {
    const app = framework()
    app.use('/assets', framework.static(ROOT))
    app.use('/about', framework.static(path.join(ROOT, 'about.txt')))
    await request(app).get('/assets/docs/guide.txt').expect(200, 'guide')
    await request(app).get('/about').expect(200, 'about text')
    await request(app).get('/about/').expect(404)
  })
})

describe('framework.static(root, options)', () => {
  it('fallthrough: false sends client errors to next(err) and answers 405 to other methods', async () => {
    await request(appServing({ fallthrough: false })).get('/missing.txt').expect(404, 'error 404:ENOENT')
    await request(appServing({ fallthrough: false })).get('/%').expect(400, 'error 400:BadRequestError')
    const r = await request(appServing({ fallthrough: false })).post('/about.txt').expect('Allow', 'GET, HEAD').expect('Content-Length', '0').expect(405)
    assert.equal(r.text, '')
  })

  it('errors after the file was found are forwarded even with fallthrough', async () => {
    await request(appServing()).get('/about.txt').set('If-Unmodified-Since', new Date(0).toUTCString()).expect(412, 'error 412:PreconditionFailedError')
  })

  describe('redirect', () => {
    it('redirects a folder to its trailing slash with 301, a safe HTML body and the query kept', async () => {
      const r = await request(appServing())
        .get('/docs?x=1&y=<b>')
        .expect('Location', '/docs/?x=1&y=%3Cb%3E')
        .expect('Content-Type', 'text/html; charset=UTF-8')
        .expect('Content-Security-Policy', "default-src 'none'")
        .expect('X-Content-Type-Options', 'nosniff')
        .expect(301)
      assert.match(r.text, /<pre>Redirecting to \/docs\/\?x=1&amp;y=%3Cb%3E<\/pre>/)
      assert.doesNotMatch(r.text, /<b>/)
    })

    it('never redirects to a protocol-relative location', async () => {
      await request(appServing()).get('//docs').expect('Location', '/docs/').expect(301)
      await request(appServing()).get('///docs').expect('Location', '/docs/').expect(301)
    })

    it('redirects relative to the mount point, including the mount point itself', async () => {
      const app = framework()
      app.use('/static', framework.static(ROOT, { index: false }))
      app.use((req, res) => { res.status(404).send('next') })
      await request(app).get('/static/docs').expect('Location', '/static/docs/').expect(301)
      await request(app).get('/static').expect('Location', '/static/').expect(301)
      await request(app).get('/static/').expect(404, 'next')
    })

    it('false passes folders on instead', async () => {
      await request(appServing({ redirect: false })).get('/docs').expect(404, 'next')
      await request(appServing({ redirect: false, fallthrough: false })).get('/docs').expect(404, 'error 404:NotFoundError')
    })

    it('a folder with a slash and no index is not found', async () => {
      await request(appServing()).get('/plain/').expect(404, 'next')
      await request(appServing({ fallthrough: false })).get('/plain/').expect(404, 'error 404:ENOENT')
    })
  })

  describe('index', () => {
    it('takes a file name or a list tried in order', async () => {
      await request(appServing({ index: 'guide.txt' })).get('/docs/').expect(200, 'guide')
      await request(appServing({ index: ['missing.html', 'guide.txt'] })).get('/docs/').expect(200, 'guide')
    })

    it('false disables folder indexes', async () => {
      await request(appServing({ index: false })).get('/docs/').expect(404, 'next')
    })

    it('rejects a list of non-strings', () => {
      assert.throws(() => framework.static(ROOT, { index: [1 as any] }), /index option must be array of strings or false/)
    })
  })

  describe('extensions', () => {
    it('is off by default', async () => {
      await request(appServing()).get('/about').expect(404, 'next')
    })

    it('tries each extension in order for a path without one', async () => {
      await request(appServing({ extensions: 'txt' })).get('/about').expect(200, 'about text')
      await request(appServing({ extensions: ['htm', 'html', 'txt'] })).get('/about').expect(200, '<p>about</p>')
      await request(appServing({ extensions: ['htm'] })).get('/about').expect(404, 'next')
    })
  })

  describe('dotfiles', () => {
    it('unset: hides a final dot segment but serves files inside dot folders', async () => {
      await request(appServing()).get('/.env').expect(404, 'next')
      await request(appServing()).get('/.well-known/security.txt').expect(200, 'token')
    })

    it('"ignore" hides any dot segment', async () => {
      await request(appServing({ dotfiles: 'ignore' })).get('/.well-known/security.txt').expect(404, 'next')
    })

    it('"deny" answers 403 (then next() with fallthrough)', async () => {
      await request(appServing({ dotfiles: 'deny', fallthrough: false })).get('/.env').expect(403, 'error 403:ForbiddenError')
      await request(appServing({ dotfiles: 'deny' })).get('/.env').expect(404, 'next')
    })

    it('"allow" serves them', async () => {
      await request(appServing({ dotfiles: 'allow' })).get('/.env').expect(200)
    })
  })

  it('etag: false and lastModified: false drop those headers', async () => {
    const r = await request(appServing({ etag: false, lastModified: false })).get('/about.txt').expect(200)
    assert.equal(r.headers.etag, undefined)
    assert.equal(r.headers['last-modified'], undefined)
  })

  it('maxAge (ms or duration) and immutable set Cache-Control; cacheControl: false removes it', async () => {
    await request(appServing({ maxAge: 90000 })).get('/about.txt').expect('Cache-Control', 'public, max-age=90')
    await request(appServing({ maxAge: '30d' })).get('/about.txt').expect('Cache-Control', 'public, max-age=2592000')
    await request(appServing({ maxAge: '1y', immutable: true })).get('/about.txt').expect('Cache-Control', 'public, max-age=31536000, immutable')
    const r = await request(appServing({ cacheControl: false, maxAge: 1000 })).get('/about.txt').expect(200)
    assert.equal(r.headers['cache-control'], undefined)
  })

  it('acceptRanges: false ignores Range', async () => {
    const r = await request(appServing({ acceptRanges: false })).get('/about.txt').set('Range', 'bytes=0-1').expect(200, 'about text')
    assert.equal(r.headers['accept-ranges'], undefined)
  })

  describe('setHeaders', () => {
    it('must be a function', () => {
      assert.throws(() => framework.static(ROOT, { setHeaders: 'x' as any }), /setHeaders must be function/)
    })

    it('is called with (res, path, stat) for a served file only, and may override defaults', async () => {
      const calls: Array<[string, number]> = []
      const app = appServing({
        setHeaders (res, file, stat) {
          calls.push([file, stat.size])
          res.setHeader('Cache-Control', 'no-store')
          res.setHeader('X-Served', 'yes')
        }
      })
      await request(app).get('/about.txt').expect('Cache-Control', 'no-store').expect('X-Served', 'yes').expect(200)
      const missing = await request(app).get('/missing').expect(404)
      const redirected = await request(app).get('/docs').expect(301)
      assert.equal(missing.headers['x-served'], undefined)
      assert.equal(redirected.headers['x-served'], undefined)
      assert.deepEqual(calls, [[path.join(ROOT, 'about.txt'), 10]])
    })
  })
})

describe('framework.static(root) bad input', () => {
  // Root is a sub-folder, so that the fixtures beside it are "outside root".
  const root = path.join(ROOT, 'plain')
  const outside = ['/../index.html', '/%2e%2e/index.html', '/%2E%2E/%2e%2e/index.html', '/..%2findex.html', '/..%2Findex.html',
    '/..%5cindex.html', '/..%5C..%5Cindex.html', '/file.txt/../../index.html', '/./../index.html', '/%2e%2e%2f%2e%2e%2fetc/passwd']

  it('refuses every spelling of climbing out of root with 403 (404 through fallthrough)', async () => {
    for (const url of outside) {
      await request(appServing({ fallthrough: false }, root)).get(url).expect(403, 'error 403:ForbiddenError')
      await request(appServing({}, root)).get(url).expect(404, 'next')
    }
  })

  it('refuses raw backslash traversal sent on the wire (clients normally rewrite it)', async () => {
    const server = await listen(appServing({ fallthrough: false }, root) as any)
    try {
      for (const url of ['/..\\index.html', '/file.txt\\..\\..\\index.html']) {
        const status = await rawStatus(server, url)
        assert.equal(status, 403, url)
      }
    } finally {
      server.close()
    }
  })

  it('answers 400 for NUL bytes and malformed escapes', async () => {
    for (const url of ['/file.txt%00', '/file.txt%00.html', '/%00', '/%', '/%zz', '/%E0%A4%A']) {
      await request(appServing({ fallthrough: false }, root)).get(url).expect(400, 'error 400:BadRequestError')
    }
  })

  it('keeps absolute-looking paths inside root', async () => {
    for (const url of ['//etc/passwd', '/%2fetc%2fpasswd', '/' + encodeURIComponent(path.join(ROOT, 'index.html'))]) {
      await request(appServing({ fallthrough: false }, root)).get(url).expect(404)
    }
    await request(appServing({}, root)).get('//file.txt').expect(200, 'plain')
  })

  it('is not fooled by very long paths', async () => {
    await request(appServing({ fallthrough: false }, root + '/x'.repeat(5000))).get('/').expect(404, 'error 404:ENAMETOOLONG')
  })
})

describe('framework.static(root) when the client aborts', { skip: !CAN_LIST_FDS && 'no /proc/self/fd' }, () => {
  it('closes the file', async () => {
    const big = bigFile()
    const app = framework()
    app.use(framework.static(big.dir, { highWaterMark: 16 * 1024 }))
    const server = await listen(app as any)
    try {
      await abortAfterFirstChunk(server, '/big.bin')
      assert.ok(await eventually(() => openDescriptorsOf(big.file) === 0), 'file closed')
    } finally {
      server.close()
      big.cleanup()
    }
  })
})

describe('framework.static(root, { setHeaders }) throwing', () => {
  it('forwards the error instead of crashing', async () => {
    const app = appServing({ setHeaders () { throw new Error('nope') } })
    await request(app).get('/about.txt').expect(500, 'error 500:Error')
  })
})
