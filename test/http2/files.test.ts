import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import framework from '../../presets/default'
import { TRANSPORTS, startTransport, type Transport } from './support'

const FILES = path.join(__dirname, '..', 'fixtures', 'file-transfer')

/** What the sendFile callback of `/file-callback` was called with, in order. */
const callbackErrors: string[] = []
/** Called with each entry of callbackErrors. */
let onCallback: () => void = () => {}

function filesApp () {
  const app = framework()
  app.get('/file', (req, res, next) => { res.sendFile('hello.txt', { root: FILES }, (err) => { if (err) next(err) }) })
  app.get('/missing', (req, res) => {
    res.sendFile('nope.txt', { root: FILES }, (err: any) => { res.status(err.status).send('missing ' + err.code) })
  })
  app.get('/download', (req, res) => { res.download(path.join(FILES, 'digits.txt'), 'numbers.txt') })
  app.head('/file-callback', (req, res) => {
    res.sendFile('hello.txt', { root: FILES }, (err) => { callbackErrors.push(err ? String(err.code) : 'none'); onCallback() })
  })
  app.use('/static', framework.static(FILES))
  return app
}

for (const { name, skip } of TRANSPORTS) {
  describe(`files over ${name}`, { skip }, () => {
    let t: Transport
    before(async () => { t = await startTransport(name, filesApp()) })
    after(() => t.close())

    it('res.sendFile() sends a file with its headers', async () => {
      const r = await t.request('/file')
      assert.equal(r.status, 200)
      assert.equal(r.text, 'hello world')
      assert.equal(r.headers['content-type'], 'text/plain; charset=UTF-8')
      assert.equal(r.headers['content-length'], '11')
      assert.equal(r.headers['accept-ranges'], 'bytes')
      assert.ok(r.headers['last-modified'])
    })

    it('res.sendFile() reports a missing file to its callback', async () => {
      const r = await t.request('/missing')
      assert.equal(r.status, 404)
      assert.equal(r.text, 'missing ENOENT')
    })

    it('res.sendFile() answers HEAD and calls back without an error', async () => {
      callbackErrors.length = 0
      const calledBack = new Promise<void>((resolve) => { onCallback = resolve })
      const r = await t.request('/file-callback', { method: 'HEAD' })
      assert.equal(r.status, 200)
      assert.equal(r.headers['content-length'], '11')
      await calledBack
      assert.deepEqual(callbackErrors, ['none'])
    })

    it('res.download() sends an attachment', async () => {
      const r = await t.request('/download')
      assert.equal(r.text, '0123456789')
      assert.equal(r.headers['content-disposition'], 'attachment; filename="numbers.txt"')
    })

    it('static serves files, ranges, HEAD and 304', async () => {
      const r = await t.request('/static/digits.txt')
      assert.equal(r.text, '0123456789')
      const part = await t.request('/static/digits.txt', { headers: { range: 'bytes=2-4' } })
      assert.equal(part.status, 206)
      assert.equal(part.text, '234')
      assert.equal(part.headers['content-range'], 'bytes 2-4/10')
      const head = await t.request('/static/digits.txt', { method: 'HEAD' })
      assert.equal(head.headers['content-length'], '10')
      assert.equal(head.body.length, 0)
      const cached = await t.request('/static/digits.txt', { headers: { 'if-none-match': String(r.headers.etag) } })
      assert.equal(cached.status, 304)
    })

    it('static redirects a folder to its trailing slash and serves its index', async () => {
      const r = await t.request('/static/folder')
      assert.equal(r.status, 301)
      assert.equal(r.headers.location, '/static/folder/')
      const index = await t.request('/static/folder/')
      assert.equal(index.status, 200)
      assert.equal(index.headers['content-type'], 'text/html; charset=UTF-8')
    })

    it('static falls through to 404 for a missing file', async () => {
      assert.equal((await t.request('/static/none.txt')).status, 404)
    })
  })
}
