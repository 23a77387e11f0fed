import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, ensureBuilt } from '../support/built-package'

// These tests run the built package (dist/) through its own name, as users load it.

/** Runs `source` with node in the project root (CommonJS, or ESM with `esm: true`); returns stdout, failing on a non-zero exit. */
function runNode (source: string, esm = false): string {
  const args = esm ? ['--input-type=module', '-e', source] : ['-e', source]
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 20000 })
  assert.equal(r.status, 0, `node exited with ${r.status}\n${r.stderr}`)
  return r.stdout.trim()
}

describe('the package\'s exports (built)', () => {
  before(ensureBuilt)

  it('names itself ristretto', () => {
    assert.equal(runNode("console.log(require('ristretto/package.json').name)"), 'ristretto')
  })

  it("require('ristretto') returns the callable framework with its statics", () => {
    const out = runNode(`
      const express = require('ristretto')
      const app = express()
      console.log(JSON.stringify({
        framework: typeof express,
        app: typeof app,
        statics: ['json', 'raw', 'text', 'urlencoded', 'static', 'Router', 'Route', 'query'].map((n) => typeof express[n]),
        protos: ['application', 'request', 'response'].map((n) => typeof express[n]),
        mime: express.static.mime.lookup('json')
      }))
    `)
    assert.deepEqual(JSON.parse(out), {
      framework: 'function',
      app: 'function',
      statics: Array(8).fill('function'),
      protos: ['object', 'object', 'object'],
      mime: 'application/json'
    })
  })

  it("require('ristretto') serves HTTP", () => {
    const out = runNode(`
      const express = require('ristretto')
      const http = require('http')
      const app = express()
      app.get('/hi/:name', (req, res) => res.json({ hi: req.params.name, q: req.query.x }))
      const server = app.listen(0, '127.0.0.1', () => {
        http.get({ host: '127.0.0.1', port: server.address().port, path: '/hi/you?x=1' }, (res) => {
          let body = ''
          res.on('data', (c) => { body += c })
          res.on('end', () => { console.log(res.statusCode + ' ' + body); server.close() })
        })
      })
    `)
    assert.equal(out, '200 {"hi":"you","q":"1"}')
  })

  it("import ristretto, { Router } from 'ristretto' works in ESM", () => {
    const out = runNode(`
      import ristretto, { Router, Route, json, urlencoded, static as serveStatic, application } from 'ristretto'
      import { createRequire } from 'node:module'
      const cjs = createRequire(import.meta.url)('ristretto')
      console.log(JSON.stringify([
        typeof ristretto, typeof ristretto(), ristretto === cjs,
        Router === ristretto.Router, Route === ristretto.Route, json === ristretto.json,
        urlencoded === ristretto.urlencoded, serveStatic === ristretto.static, application === ristretto.application
      ]))
    `, true)
    assert.deepEqual(JSON.parse(out), ['function', 'function', true, true, true, true, true, true, true])
  })

  it('resolves the subpaths ./logger, ./parser, ./kernel, ./presets/minimal, ./plugins/response', () => {
    const out = runNode(`
      const logger = require('ristretto/logger')
      const parser = require('ristretto/parser')
      const kernel = require('ristretto/kernel')
      const minimal = require('ristretto/presets/minimal')
      const response = require('ristretto/plugins/response')
      console.log(JSON.stringify({
        logger: [typeof logger, typeof logger.token, typeof logger.format, typeof logger.compile],
        parser: [typeof parser.json, typeof parser.raw, typeof parser.text, typeof parser.urlencoded],
        kernel: [typeof kernel.createFramework, typeof kernel.definePlugin, typeof kernel.Router],
        minimal: [typeof minimal, minimal.plugins.length],
        response: typeof response.responsePlugin
      }))
    `)
    assert.deepEqual(JSON.parse(out), {
      logger: ['function', 'function', 'function', 'function'],
      parser: ['function', 'function', 'function', 'function'],
      kernel: ['function', 'function', 'function'],
      minimal: ['function', 1],
      response: 'function'
    })
  })

  it('resolves the subpaths from ESM too', () => {
    const out = runNode(`
      import logger from 'ristretto/logger'
      import parser from 'ristretto/parser'
      import { createFramework, definePlugin } from 'ristretto/kernel'
      import minimal from 'ristretto/presets/minimal'
      console.log(JSON.stringify([typeof logger, typeof parser.json, typeof createFramework, typeof definePlugin, typeof minimal]))
    `, true)
    assert.deepEqual(JSON.parse(out), ['function', 'function', 'function', 'function', 'function'])
  })

  it('gives named ESM imports of the parsers and the loggerPlugin subpath', () => {
    const out = runNode(`
      import { json, raw, text, urlencoded } from 'ristretto/parser'
      import { loggerPlugin } from 'ristretto/plugins/logger/plugin'
      import { json as builtinJson, static as serveStatic } from 'ristretto'
      console.log(JSON.stringify([typeof json, typeof raw, typeof text, typeof urlencoded, typeof loggerPlugin, typeof builtinJson, typeof serveStatic]))
    `, true)
    assert.deepEqual(JSON.parse(out), Array(7).fill('function'))
  })

  it('points every export at a file that exists, types included', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
    const targets: string[] = []
    const collect = (value: unknown): void => {
      if (typeof value === 'string') targets.push(value)
      else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v)
    }
    collect(pkg.exports)
    const concrete = targets.filter((t) => !t.includes('*'))
    assert.ok(concrete.length >= 10)
    for (const target of concrete) assert.ok(fs.existsSync(path.join(ROOT, target)), `${target} exists`)
    for (const sub of ['minimal', 'default']) {
      assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'presets', `${sub}.js`)))
      assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'presets', `${sub}.d.ts`)))
    }
  })
})
