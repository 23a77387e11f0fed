import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import request from 'supertest'
import framework from '../../../presets/default'
import { FIXTURES, called } from './support'

const HELLO = path.join(FIXTURES, 'hello.txt')
const RELATIVE_HELLO = path.relative(process.cwd(), HELLO)

function appDownloading (fn: (res: any) => void) {
  const app = framework()
  app.use((req, res) => { fn(res) })
  app.use((err: any, req: any, res: any, next: any) => { res.status(err.status || 500).send(`error ${err.status ?? 500}:${err.code ?? err.name}`) })
  return app
}

describe('res.download(path)', () => {
  it('sends the file as an attachment named after the path', async () => {
    await request(appDownloading((res) => res.download(HELLO)))
      .get('/')
      .expect('Content-Type', 'text/plain; charset=UTF-8')
      .expect('Content-Disposition', 'attachment; filename="hello.txt"')
      .expect(200, 'hello world')
  })

  it('resolves a relative path from the working directory', async () => {
    await request(appDownloading((res) => res.download(RELATIVE_HELLO))).get('/').expect(200, 'hello world')
  })

  it('supports ranges like res.sendFile', async () => {
    await request(appDownloading((res) => res.download(path.join(FIXTURES, 'digits.txt'))))
      .get('/').set('Range', 'bytes=0-2').expect('Content-Range', 'bytes 0-2/10').expect(206, '012')
  })

  it('sends no Content-Disposition when the file is missing (404 to next)', async () => {
    const r = await request(appDownloading((res) => res.download(path.join(FIXTURES, 'nope.txt')))).get('/').expect(404, 'error 404:ENOENT')
    assert.equal(r.headers['content-disposition'], undefined)
  })
})

describe('res.download(path, filename)', () => {
  it('uses filename in Content-Disposition, keeping the type of the path', async () => {
    await request(appDownloading((res) => res.download(HELLO, 'greeting')))
      .get('/')
      .expect('Content-Type', 'text/plain; charset=UTF-8')
      .expect('Content-Disposition', 'attachment; filename="greeting"')
      .expect(200)
  })

  it('encodes a non-Latin-1 filename with filename*', async () => {
    await request(appDownloading((res) => res.download(HELLO, 'résumé €.txt')))
      .get('/')
      .expect('Content-Disposition', 'attachment; filename="résumé ?.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9%20%E2%82%AC.txt')
      .expect(200)
  })
})

describe('res.download(path, fn)', () => {
  it('calls fn() once sent, and with the error on failure', async () => {
    const sent = called<unknown>()
    await request(appDownloading((res) => res.download(HELLO, (err: unknown) => { sent.call(err) }))).get('/').expect(200, 'hello world')
    assert.equal(await sent.promise, undefined)
    await request(appDownloading((res) => res.download(path.join(FIXTURES, 'nope'), (err: any) => { res.send(`got ${err.status} ${err.code}`) })))
      .get('/').expect(200, 'got 404 ENOENT')
  })
})

describe('res.download(path, filename, fn)', () => {
  it('names the attachment and calls fn', async () => {
    const sent = called()
    await request(appDownloading((res) => res.download(HELLO, 'doc.txt', () => { sent.call() })))
      .get('/').expect('Content-Disposition', 'attachment; filename="doc.txt"').expect(200)
    await sent.promise
  })
})

describe('res.download(path, options)', () => {
  it('takes the options in place of the filename', async () => {
    await request(appDownloading((res) => res.download(path.join(FIXTURES, '.secret'), { dotfiles: 'allow', maxAge: '1h' })))
      .get('/')
      .expect('Content-Disposition', 'attachment; filename=".secret"')
      .expect('Cache-Control', 'public, max-age=3600')
      .expect(200)
  })

  it('root resolves a relative path inside it and refuses climbing out (403, no Content-Disposition)', async () => {
    await request(appDownloading((res) => res.download('folder/../hello.txt', { root: FIXTURES })))
      .get('/').expect('Content-Disposition', 'attachment; filename="hello.txt"').expect(200, 'hello world')
    const r = await request(appDownloading((res) => res.download('../hello.txt', { root: path.join(FIXTURES, 'folder') })))
      .get('/').expect(403)
    assert.equal(r.headers['content-disposition'], undefined)
  })

  it('headers cannot replace Content-Disposition, whatever their case', async () => {
    for (const name of ['Content-Disposition', 'content-disposition', 'CONTENT-DISPOSITION']) {
      await request(appDownloading((res) => res.download(HELLO, { headers: { [name]: 'inline', 'X-Extra': 'yes' } })))
        .get('/').expect('Content-Disposition', 'attachment; filename="hello.txt"').expect('X-Extra', 'yes').expect(200)
    }
  })

  it('does not change the caller\'s options object', async () => {
    const options = { headers: { 'X-Extra': 'yes' } }
    await request(appDownloading((res) => res.download(HELLO, options))).get('/').expect(200)
    assert.deepEqual(options, { headers: { 'X-Extra': 'yes' } })
  })
})

describe('res.download(path, options, fn)', () => {
  it('applies the options and calls fn', async () => {
    const sent = called()
    await request(appDownloading((res) => res.download(HELLO, { maxAge: 2000 }, () => { sent.call() })))
      .get('/')
      .expect('Cache-Control', 'public, max-age=2')
      .expect('Content-Disposition', 'attachment; filename="hello.txt"')
      .expect(200, 'hello world')
    await sent.promise
  })
})

describe('res.download(path, filename, options, fn)', () => {
  it('uses all four', async () => {
    const sent = called()
    await request(appDownloading((res) => res.download(HELLO, 'name.txt', { headers: { 'Content-Type': 'text/x-custom' } }, () => { sent.call() })))
      .get('/')
      .expect('Content-Type', 'text/x-custom')
      .expect('Content-Disposition', 'attachment; filename="name.txt"')
      .expect(200, 'hello world')
    await sent.promise
  })
})
