// The opentelemetry plugin without @opentelemetry/api installed (an optional peer): the package and
// the plugin's module load, the modern preset (whose plugin is not required) builds and serves, and
// registering the plugin throws a RST_PEER_MISSING PluginError as the framework is built.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ROOT } from '../../support/built-package'

/** Runs `script` in a node whose module resolution does not find @opentelemetry/api: its JSON output. */
function withoutApi (script: string): any {
  const hide = `
    const Module = require('module')
    const resolve = Module._resolveFilename
    Module._resolveFilename = function (request, ...rest) {
      if (request === '@opentelemetry/api' || request.startsWith('@opentelemetry/api/')) {
        throw Object.assign(new Error("Cannot find module '" + request + "'"), { code: 'MODULE_NOT_FOUND' })
      }
      return resolve.call(this, request, ...rest)
    }
  `
  const r = spawnSync(process.execPath, ['-e', hide + script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 })
  assert.equal(r.status, 0, r.stderr)
  return JSON.parse(r.stdout)
}

const dist = (...parts: string[]): string => JSON.stringify(path.join(ROOT, 'dist', ...parts))

describe('opentelemetry plugin without @opentelemetry/api', () => {
  it('registering it throws RST_PEER_MISSING as the framework is built, naming the package; loading it does not', () => {
    const out = withoutApi(`
      const plugin = require(${dist('plugins', 'opentelemetry')})
      const { createFramework } = require(${dist('kernel')})
      const ristretto = require(${dist('presets', 'default.js')})
      const made = plugin.openTelemetryPlugin()
      try {
        createFramework({ plugins: [...ristretto.plugins, made] })
        console.log(JSON.stringify({ threw: false }))
      } catch (err) {
        console.log(JSON.stringify({ threw: true, name: err.name, code: err.code, message: err.message }))
      }
    `)
    assert.equal(out.threw, true)
    assert.equal(out.name, 'PluginError')
    assert.equal(out.code, 'RST_PEER_MISSING')
    assert.match(out.message, /"opentelemetry" needs the package @opentelemetry\/api: npm install @opentelemetry\/api/)
  })

  it('the modern preset (its plugin not required) loads and serves', () => {
    const out = withoutApi(`
      const modern = require(${dist('presets', 'modern.js')})
      const app = modern()
      app.get('/', (req, res) => res.send('ok'))
      app.inject({ method: 'GET', url: '/' }).then((res) => console.log(JSON.stringify({ status: res.status, text: res.text, plugins: modern.plugins.map((p) => p.name) })))
    `)
    assert.deepEqual([out.status, out.text], [200, 'ok'])
    assert.ok(out.plugins.includes('opentelemetry'))
  })

  it('with @opentelemetry/api installed, registering it builds the framework', () => {
    const r = spawnSync(process.execPath, ['-e', `
      const { openTelemetryPlugin } = require(${dist('plugins', 'opentelemetry')})
      const { createFramework } = require(${dist('kernel')})
      const framework = createFramework({ plugins: [...require(${dist('presets', 'default.js')}).plugins, openTelemetryPlugin()] })
      console.log(framework.plugins.map((p) => p.name).includes('opentelemetry'))
    `], { cwd: ROOT, encoding: 'utf8' })
    assert.equal(r.stdout.trim(), 'true', r.stderr)
  })
})
