import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import request from 'supertest'
import framework from '../../../presets/default'
import { FIXTURES } from './support'
import { expectWarnings } from '../../support/expected-warnings'

const RELATIVE = path.relative(process.cwd(), FIXTURES)

function appSendfile (file: string, options?: object) {
  const app = framework()
  app.use((req, res) => { options ? res.sendfile(file, options) : res.sendfile(file) })
  app.use((err: any, req: any, res: any, next: any) => { res.status(err.status || 500).send(`error ${err.status ?? 500}:${err.code ?? err.name}`) })
  return app
}

describe('res.sendfile(path) (deprecated)', () => {
  expectWarnings(['ristretto deprecated res.sendfile: Use res.sendFile instead'])

  it('is still there, relative to the working directory', async () => {
    await request(appSendfile(RELATIVE + '/hello.txt')).get('/').expect(200, 'hello world')
  })

  it('URL-decodes the path', async () => {
    await request(appSendfile(RELATIVE + '/100%25%20real.txt')).get('/').expect(200, 'percent')
  })

  it('answers 400 for an undecodable path or NUL bytes', async () => {
    await request(appSendfile(RELATIVE + '/%')).get('/').expect(400, 'error 400:BadRequestError')
    await request(appSendfile(RELATIVE + '/hello.txt%00')).get('/').expect(400)
  })

  it('refuses .. (plain or encoded) without root, allows it inside root', async () => {
    await request(appSendfile(RELATIVE + '/folder/../hello.txt')).get('/').expect(403)
    await request(appSendfile(RELATIVE + '/folder/%2e%2e/hello.txt')).get('/').expect(403)
    await request(appSendfile('folder/../hello.txt', { root: RELATIVE })).get('/').expect(200, 'hello world')
    await request(appSendfile('folder/%2E%2E/%2e%2e/hello.txt', { root: path.join(RELATIVE, 'folder') })).get('/').expect(403)
  })

  it('serves the index of a path ending in a slash and passes a bare folder on', async () => {
    await request(appSendfile(RELATIVE + '/folder/')).get('/').expect(200, '<h1>folder index</h1>')
    await request(appSendfile(RELATIVE + '/folder')).get('/').expect(404)
  })

  it('calls fn(err) with the fs error', async () => {
    const app = framework()
    app.use((req, res) => { res.sendfile(RELATIVE + '/nope.txt', (err) => { res.send(err!.message) }) })
    const r = await request(app).get('/').expect(200)
    assert.match(r.text, /^ENOENT.*stat/)
  })
})
