import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import express from '../../../presets/default'
import express5 from '../../../presets/express5'
import { createFramework, Router as kernelRouter, type Application } from '../../../kernel'
import { migrationReportPlugin, type MigrationReport } from '../../../plugins/migration-report'
import { queryPlugin } from '../../../plugins/query'
import { requestPlugin } from '../../../plugins/request'
import { responsePlugin } from '../../../plugins/response'
import { inject } from '../../../plugins/inject'
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([
  'ristretto deprecated res.send(status): Use res.sendStatus(status) instead',
  'ristretto deprecated res.json(status, obj): Use res.status(status).json(obj) instead',
  'ristretto deprecated req.param(name): Use req.params, req.body, or req.query instead',
  'ristretto deprecated res.redirect(url, status): Use res.redirect(status, url) instead'
])
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const realExpress5: any = require('express-5')

// The report reads every router and app a request passes through, whichever framework made it.
const framework = createFramework({ plugins: [express.plugins, migrationReportPlugin()] })
/** A build of a few plugins, without the report. */
const small = createFramework({ plugins: [queryPlugin(), requestPlugin(), responsePlugin()] })

const ok = (req: unknown, res: { end (): void }) => { res.end() }
const pass = (req: unknown, res: unknown, next: () => void) => { next() }
const get = (app: Application, url: string) => inject(app, { url })

function paths (report: MigrationReport): string[][] {
  return report.paths.map((p) => [p.kind, p.methods.join(','), p.fullPath, String(p.suggestion)])
}

describe('migration report: routers and apps of other builds', () => {
  it("reads the default preset's Router (require('ristretto').Router())", () => {
    const app = framework()
    const r = express.Router()
    r.get('/:id?', ok)
    app.use('/u', r)
    assert.deepEqual(paths(app.migrationReport()), [['route', 'GET', '/u/:id?', '{/:id}']])
    assert.match(String(app.migrationReport()), /1 path\(s\)/)
  })

  it("reads framework.Router() of a build of a few plugins, and the kernel's bare Router", () => {
    const app = framework()
    const r = small.Router()
    r.post('/files/*', ok)
    const bare = kernelRouter()
    bare.put('/:a?', ok)
    app.use('/s', r)
    app.use('/b', bare)
    assert.deepEqual(paths(app.migrationReport()), [
      ['route', 'POST', '/s/files/*', '/files/{*splat}'],
      ['route', 'PUT', '/b/:a?', '{/:a}']
    ])
  })

  it('reads middleware paths of those routers, and what is mounted in them', () => {
    const app = framework()
    const outer = express.Router()
    const inner = framework.Router()
    outer.use('/:lang?', pass)
    outer.use('/v1', inner)
    inner.get('/x/*', ok)
    app.use('/api', outer)
    assert.deepEqual(paths(app.migrationReport()), [
      ['middleware', '', '/api/:lang?', '{/:lang}'],
      ['route', 'GET', '/api/v1/x/*', '/x/{*splat}']
    ])
  })

  it('reads sub-apps of other builds, mounted with app.use or router.use', () => {
    const app = framework()
    const sub = express()
    sub.get('/a/:id?', ok)
    const other = small()
    other.get('/b/*', ok)
    const holder = small.Router()
    holder.use('/other', other)
    app.use('/sub', sub)
    app.use('/h', holder)
    assert.deepEqual(paths(app.migrationReport()), [
      ['route', 'GET', '/sub/a/:id?', '/a{/:id}'],
      ['route', 'GET', '/h/other/b/*', '/b/{*splat}']
    ])
  })

  it('gives the paths of middleware of other routers as written, whatever their shape', () => {
    const app = framework()
    const r = small.Router({ caseSensitive: true })
    const paths: string[] = ['/:file.:ext?', '/x-:y?', '/a/:b-:c?', '/:id(\\d+)?', '/ab?cd/:e?', '/user/:id/*', '/plain']
    for (const path of paths) r.use(path, pass)
    app.use(r)
    const report = app.migrationReport()
    const found = new Map(report.paths.map((p) => [p.path, p]))
    for (const path of paths.slice(0, -1)) {
      assert.ok(found.has(path), `${path} in ${JSON.stringify([...found.keys()])}`)
      assert.equal(found.get(path)!.fullPath, path)
      assert.equal(found.get(path)!.kind, 'middleware')
    }
    assert.ok(!found.has('/plain'))
  })

  it('reads apps of this framework mounted in apps of other builds', () => {
    const app = framework()
    const outer = small()
    const mine = framework()
    mine.get('/:q?', ok)
    outer.use('/mine', mine)
    app.use('/o', outer)
    assert.deepEqual(paths(app.migrationReport()), [['route', 'GET', '/o/mine/:q?', '{/:q}']])
  })

  it('skips stack entries that are not layers, without throwing', () => {
    const app = framework()
    const r = express.Router()
    r.get('/:id?', ok)
    app.use('/u', r)
    const stack = r.stack as unknown[]
    stack.push(null, 7, {}, { handle: ok }, { route: { path: '/:x?' } }, { regexp: /^\/odd\/?(?=\/|$)/i, keys: [], handle: pass })
    const route = stack[0] as { route: { stack: unknown[] } }
    route.route.stack.push(null, { method: 5 })
    assert.deepEqual(paths(app.migrationReport()), [['route', 'GET', '/u/:id?', '{/:id}']])
  })

  it("reads Express 4's own routers and apps, and leaves Express 5's alone", () => {
    const app = framework()
    const r = express4.Router()
    r.get('/:id?', ok)
    r.use('/files/*', pass)
    const sub = express4()
    sub.get('/s/:x?', ok)
    app.use('/r', r)
    app.use('/sub', sub)
    const five = realExpress5.Router()
    five.get('/{:id}', ok)
    const fiveApp = realExpress5()
    fiveApp.get('/*splat', ok)
    app.use('/five', five)
    app.use('/five-app', fiveApp)
    assert.deepEqual(paths(app.migrationReport()), [
      ['route', 'GET', '/r/:id?', '{/:id}'],
      ['middleware', '', '/r/files/*', '/files/{*splat}'],
      ['route', 'GET', '/sub/s/:x?', '/s{/:x}']
    ])
  })

  it('reads layers added after the router was mounted', () => {
    const app = framework()
    const r = express.Router()
    app.use('/late', r)
    r.get('/:p?', ok)
    assert.deepEqual(paths(app.migrationReport()), [['route', 'GET', '/late/:p?', '{/:p}']])
  })

  it('still leaves routers and apps of an express5 build alone (their paths are Express 5 already)', () => {
    const app = framework()
    const r = express5.Router()
    r.get('/{:id}', ok)
    const sub = express5()
    sub.get('/*splat', ok)
    app.use('/r', r)
    app.use('/s', sub)
    assert.deepEqual(paths(app.migrationReport()), [])
  })

  it('counts calls made in routers and sub-apps of other builds, at any depth', async () => {
    const app = framework()
    const r = express.Router()
    r.get('/send', (req, res) => { res.send(404) })
    const few = small.Router()
    few.get('/json', (req, res) => { res.json(201, {}) })
    app.use('/few', few)
    const sub = express()
    sub.get('/param/:id', (req, res) => { res.send(req.param('id')) })
    const inner = small()
    inner.get('/moved', (req, res) => { res.redirect('/there', 301) })
    const outer = small()
    outer.use('/inner', inner)
    app.use('/r', r)
    app.use('/sub', sub)
    app.use('/outer', outer)
    for (const url of ['/r/send', '/few/json', '/sub/param/7', '/outer/inner/moved']) await get(app, url)
    const calls = app.migrationReport().calls.map((c) => [c.api, c.requests.join(',')])
    assert.deepEqual(calls.sort(), [
      ['req.param(name)', 'GET /sub/param/7'],
      ['res.json(status, body)', 'GET /few/json'],
      ['res.redirect(url, status)', 'GET /outer/inner/moved'],
      ['res.send(status)', 'GET /r/send']
    ])
  })

  it('req.query assigned in a sub-app of another build', async () => {
    const app = framework()
    const sub = small()
    sub.get('/q', (req, res) => { req.query = {}; res.end() })
    app.use('/sub', sub)
    await get(app, '/sub/q?a=1')
    assert.deepEqual(app.migrationReport().calls.map((c) => [c.api, c.requests.join(',')]), [['req.query = value', 'GET /sub/q']])
  })

  it('query parser: reported for a query read in a sub-app of another build', async () => {
    const app = framework()
    const sub = small()
    sub.get('/search', (req, res) => { res.end(JSON.stringify(req.query)) })
    app.use('/sub', sub)
    await get(app, '/sub/search?filter[color]=red')
    assert.deepEqual(app.migrationReport().settings.map((s) => [s.setting, s.evidence.join(',')]), [
      ['query parser', 'GET /sub/search']
    ])
  })
})
