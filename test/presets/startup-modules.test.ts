import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import zlib from 'node:zlib'
import { ROOT, ensureBuilt } from '../support/built-package'

// Modules only some apps need are required on first use, not at startup: an app that reads no body,
// negotiates nothing, sends no file and serves no HTTP/2 never loads them. Checked on the built
// package in a fresh process, as users load it.

/** What a fresh process has loaded once `setup` (an async function body, `express` in scope) is done. */
function loadedAfter (setup: string): Record<string, boolean> {
  const source = `
    const express = require('ristretto')
    const pkg = (name) => Object.keys(require.cache).some((k) => k.includes('/node_modules/' + name + '/'))
    const builtin = (name) => process.moduleLoadList.includes('NativeModule ' + name)
    ;(async () => { ${setup} })().then(() => {
      console.log(JSON.stringify({
        'raw-body': pkg('raw-body'), 'iconv-lite': pkg('iconv-lite'), accepts: pkg('accepts'),
        'node:http2': builtin('http2'), 'node:zlib': builtin('zlib')
      }))
    }, (err) => { console.error(err); process.exit(1) })
  `
  const r = spawnSync(process.execPath, ['-e', source], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 20000 })
  assert.equal(r.status, 0, `node exited with ${r.status}\n${r.stderr}`)
  return JSON.parse(r.stdout.trim()) as Record<string, boolean>
}

/**
 * The packages and built modules the tests below watch: none is loaded by an app whose answers do
 * not use it. In the order `watched()` lists them.
 */
const WATCHED_PACKAGES = [
  'bytes', 'content-disposition', 'cookie', 'cookie-signature', 'encodeurl', 'escape-html', 'etag', 'fresh',
  'http-errors', 'iconv-lite', 'ms', 'on-finished', 'range-parser', 'raw-body', 'statuses', 'type-is', 'vary'
]
const WATCHED_MODULES: Record<string, string> = {
  'the body reader': 'dist/plugins/body-reader/read-body.js',
  'the transfer engine': 'dist/plugins/file-transfer/transfer.js',
  'serve-static': 'dist/plugins/static/serve-static.js',
  'the redirect body': 'dist/plugins/response/redirect-body.js'
}

/**
 * Runs `body` (an async function body, with `express`, `watched()` — which of the watched modules
 * are loaded — and `get(server, { path, method, headers, body })` — an answer's status and body, by
 * node:http — in scope) in a fresh process and returns what it printed.
 */
function runChild (body: string): string {
  const source = `
    const express = require('ristretto')
    const path = require('path')
    const loaded = (part) => Object.keys(require.cache).some((k) => k.split(path.sep).join('/').includes(part))
    const watched = () => Object.fromEntries([
      ...${JSON.stringify(WATCHED_PACKAGES)}.map((name) => [name, loaded('/node_modules/' + name + '/')]),
      ...Object.entries(${JSON.stringify(WATCHED_MODULES)}).map(([name, file]) => [name, loaded('/' + file)])
    ])
    // node:http, not fetch: undici loads modules of its own.
    const get = (server, { path, method = 'GET', headers = {}, body }) => new Promise((resolve, reject) => {
      const req = require('node:http').request({ host: '127.0.0.1', port: server.address().port, path, method, headers, agent: false }, (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (c) => { text += c }).on('end', () => resolve({ status: res.statusCode, body: text }))
      })
      req.on('error', reject)
      req.end(body)
    })
    ;(async () => { ${body} })().catch((err) => { console.error(err); process.exit(1) })
  `
  const r = spawnSync(process.execPath, ['-e', source], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 20000 })
  assert.equal(r.status, 0, `node exited with ${r.status}\n${r.stderr}`)
  return r.stdout.trim()
}

/** Which of the watched modules a fresh process has loaded once `setup` is done ({@link runChild}). */
function watchedAfter (setup: string): Record<string, boolean> {
  return JSON.parse(runChild(`${setup}\nconsole.log(JSON.stringify(watched()))`)) as Record<string, boolean>
}

describe('modules required on first use (built package)', () => {
  before(ensureBuilt)

  it('an app with its parsers, static files and a logger loads none of them before a request', () => {
    const loaded = loadedAfter(`
      const logger = require('ristretto/logger')
      const app = express()
      app.use(logger('tiny', { stream: { write () {} } }))
      app.use(express.json(), express.urlencoded({ extended: true }), express.text(), express.raw())
      app.use(express.static(__dirname))
      app.get('/', (req, res) => res.send('ok'))
    `)
    assert.deepEqual(loaded, { 'raw-body': false, 'iconv-lite': false, accepts: false, 'node:http2': false, 'node:zlib': false })
  })

  it('each is loaded when first needed, and does its work', () => {
    // Compressed here: the child must not load zlib itself.
    const gzipped = zlib.gzipSync(JSON.stringify({ a: 1 })).toString('base64')
    const loaded = loadedAfter(`
      const app = express()
      app.use(express.json())
      app.post('/', (req, res) => res.json({ body: req.body, type: req.accepts(['html', 'json']) }))
      const server = app.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      const body = Buffer.from('${gzipped}', 'base64')
      // node:http, not fetch: undici loads node:zlib and node:http2 itself.
      const answer = await new Promise((resolve, reject) => {
        const req = require('node:http').request({
          host: '127.0.0.1', port: server.address().port, method: 'POST', path: '/',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Accept: 'application/json' }
        }, (res) => {
          let text = ''
          res.setEncoding('utf8').on('data', (c) => { text += c }).on('end', () => resolve(JSON.parse(text)))
        })
        req.on('error', reject)
        req.end(body)
      })
      server.close()
      if (JSON.stringify(answer) !== JSON.stringify({ body: { a: 1 }, type: 'json' })) throw new Error('unexpected answer ' + JSON.stringify(answer))
    `)
    assert.equal(loaded['raw-body'], true)
    assert.equal(loaded['iconv-lite'], true)
    assert.equal(loaded.accepts, true)
    assert.equal(loaded['node:zlib'], true)
  })
  it('a one-route app loads none of the modules its answers do not use, up to its first answer', () => {
    const loaded = watchedAfter(`
      const app = express()
      app.get('/', (req, res) => res.send('ok'))
      const server = app.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      const answer = await get(server, { path: '/' })
      server.close()
      if (answer.status !== 200 || answer.body !== 'ok') throw new Error('unexpected answer ' + JSON.stringify(answer))
    `)
    assert.deepEqual(Object.keys(loaded).filter((name) => loaded[name]), [])
  })

  it('each of them is loaded by the first call that needs it', () => {
    const steps: Record<string, string[]> = JSON.parse(runChild(`
      const app = express()
      app.use((req, res, next) => { req.secret = 'shh'; next() })
      app.get('/', (req, res) => res.send('ok'))
      app.get('/cookie', (req, res) => res.cookie('a', 'b', { signed: true }).send('ok'))
      app.get('/attachment', (req, res) => res.attachment('a.txt').send('ok'))
      app.get('/vary', (req, res) => res.vary('Accept').send('ok'))
      app.get('/range', (req, res) => res.json(req.range(100)))
      app.post('/is', (req, res) => res.json(req.is('json')))
      app.get('/format', (req, res) => res.format({ json () { res.json({}) } }))
      app.get('/file', (req, res) => res.sendFile(require.resolve('ristretto/package.json')))
      app.get('/package.json', (req, res, next) => express.static(require('path').dirname(require.resolve('ristretto/package.json')))(req, res, next))
      app.post('/json', (req, res, next) => express.json()(req, res, () => res.json(req.body)))
      app.get('/redirect', (req, res) => res.redirect('/'))
      const server = app.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      const json = { 'Content-Type': 'application/json' }
      const requests = {
        'a 404': [{ path: '/missing' }, 404],
        'a signed cookie': [{ path: '/cookie' }, 200],
        'res.attachment': [{ path: '/attachment' }, 200],
        'res.vary': [{ path: '/vary' }, 200],
        'req.range': [{ path: '/range', headers: { Range: 'bytes=0-9' } }, 200],
        'a conditional request': [{ path: '/', headers: { 'If-None-Match': '"x"' } }, 200],
        'req.is': [{ path: '/is', method: 'POST', headers: json, body: '{}' }, 200],
        'res.format refusing': [{ path: '/format', headers: { Accept: 'image/png' } }, 406],
        'res.sendFile': [{ path: '/file' }, 200],
        'express.static': [{ path: '/package.json' }, 200],
        'express.json': [{ path: '/json', method: 'POST', headers: json, body: '{"a":1}' }, 200],
        'res.redirect': [{ path: '/redirect', headers: { Accept: 'text/html' } }, 302]
      }
      const firstLoadedBy = {}
      for (const [name, [request, status]] of Object.entries(requests)) {
        const before = watched()
        const answer = await get(server, request)
        if (answer.status !== status) throw new Error(name + ': status ' + answer.status)
        const after = watched()
        firstLoadedBy[name] = Object.keys(after).filter((m) => after[m] && !before[m])
      }
      server.close()
      console.log(JSON.stringify(firstLoadedBy))
    `))
    assert.deepEqual(steps, {
      'a 404': ['encodeurl', 'escape-html', 'on-finished', 'statuses'],
      'a signed cookie': ['cookie', 'cookie-signature'],
      'res.attachment': ['content-disposition'],
      'res.vary': ['vary'],
      'req.range': ['range-parser'],
      'a conditional request': ['fresh'],
      'req.is': ['type-is'],
      'res.format refusing': ['http-errors'],
      'res.sendFile': ['etag', 'ms', 'the transfer engine'],
      'express.static': ['serve-static'],
      'express.json': ['bytes', 'iconv-lite', 'raw-body', 'the body reader'],
      'res.redirect': ['the redirect body']
    })
  })
})
