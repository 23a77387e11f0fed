import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import zlib from 'node:zlib'
import { ROOT, ensureBuilt } from '../support/built-package'

// Modules only some apps need are required on first use, not at startup: an app that reads no body,
// negotiates nothing and serves no HTTP/2 never loads them. Checked on the built package in a fresh
// process, as users load it.

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
})
