import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import etag from 'etag'
import { ROOT, ensureBuilt } from '../../support/built-package'

// The built entry, as a user's project loads it: `ristretto` installed in node_modules (a link to
// this project), `ristretto/lambda` required from CommonJS and imported from an ES module.

const EVENT = {
  version: '2.0',
  rawPath: '/hello',
  rawQueryString: 'name=tobi',
  cookies: ['a=1'],
  headers: { host: 'api.example.com' },
  requestContext: { requestId: 'rid', http: { method: 'GET', sourceIp: '203.0.113.7' } },
  isBase64Encoded: false
}

const APP = `
  app.get('/hello', (req, res) => {
    res.cookie('seen', '1')
    res.json({ hello: req.query.name, ip: req.ip, cookie: req.headers.cookie })
  })
  const result = await handler(${JSON.stringify(EVENT)}, {})
  console.log(JSON.stringify(result))
`

describe("ristretto/lambda, built: require('ristretto/lambda') and import lambda from 'ristretto/lambda'", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-lambda-entry-'))

  before(() => {
    ensureBuilt()
    fs.mkdirSync(path.join(dir, 'node_modules'))
    fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'ristretto'), 'dir')
  })
  after(() => { fs.rmSync(dir, { recursive: true, force: true }) })

  /** Writes `source` to `name` in the project and runs it; its output, parsed. */
  function run (name: string, source: string): unknown {
    fs.writeFileSync(path.join(dir, name), source)
    const r = spawnSync(process.execPath, [name], { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 20000 })
    assert.equal(r.status, 0, `node exited with ${r.status}\n${r.stderr}`)
    return JSON.parse(r.stdout)
  }

  const body = '{"hello":"tobi","ip":"203.0.113.7","cookie":"a=1"}'
  const expected = {
    statusCode: 200,
    isBase64Encoded: false,
    body,
    headers: {
      'x-powered-by': 'Express',
      'set-cookie': 'seen=1; Path=/',
      'content-type': 'application/json; charset=utf-8',
      'content-length': '50',
      etag: etag(body, { weak: true })
    },
    cookies: []
  }

  it('import lambda from \'ristretto/lambda\' is the function require gives, and answers an event', () => {
    const out = run('handler.mjs', `
      import lambda from 'ristretto/lambda'
      import express from 'ristretto'
      import { createRequire } from 'node:module'
      const require = createRequire(import.meta.url)
      if (lambda !== require('ristretto/lambda')) throw new Error('two copies')
      if (lambda !== require('ristretto/plugins/lambda')) throw new Error('the plugins path is another copy')
      const app = express()
      const handler = lambda(app)
      ${APP}
    `)
    assert.deepEqual(out, expected)
  })

  it("require('ristretto/lambda')(app) answers an event", () => {
    const out = run('handler.cjs', `
      const lambda = require('ristretto/lambda')
      const express = require('ristretto')
      const app = express()
      const handler = lambda(app, { binary: ['image/*'] })
      ;(async () => { ${APP} })()
    `)
    assert.deepEqual(out, expected)
  })

  it('checks its options in the built package too', () => {
    const out = run('options.cjs', `
      const lambda = require('ristretto/lambda')
      try { lambda(() => {}, { basepath: '/api' }) } catch (err) { console.log(JSON.stringify([err.name, err.code, err.message])) }
    `)
    assert.deepEqual(out, ['PluginError', 'RST_PLUGIN_OPTIONS', 'lambda() has no option `basepath`: did you mean `basePath`? Its options: basePath, binary, requestId, request, response.'])
  })
})
