import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import express from '../../../presets/default'
import { createFramework, type Application } from '../../../kernel'
import { formatMigrationReport, migrationReportPlugin, type CallFinding } from '../../../plugins/migration-report'
import { inject } from '../../../plugins/inject'
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([
  'ristretto deprecated res.send(status): Use res.sendStatus(status) instead',
  'ristretto deprecated res.send(body, status): Use res.status(status).send(body) instead',
  'ristretto deprecated res.json(status, obj): Use res.status(status).json(obj) instead',
  'ristretto deprecated req.param(name): Use req.params, req.body, or req.query instead',
  'ristretto deprecated res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices',
  'ristretto deprecated res.redirect(url, status): Use res.redirect(status, url) instead',
  'ristretto deprecated req.acceptsCharset: Use acceptsCharsets instead',
  'ristretto deprecated req.host: Use req.hostname instead',
  /^ristretto deprecated res\.clearCookie: Passing "options\.maxAge" is deprecated\./,
  'ristretto deprecated res.status(200.5): use res.status(200) instead',
  'ristretto deprecated app.del: Use app.delete instead',
  'ristretto deprecated router.param(fn): Refactor to use path params',
  'ristretto deprecated req.acceptsLanguage: Use acceptsLanguages instead',
  'body-parser deprecated undefined extended: provide extended option'
])

const framework = createFramework({ plugins: [express.plugins, migrationReportPlugin()] })
const SOURCE = fs.readFileSync(__filename, 'utf8').split('\n')

/** The line of this file holding `marker` (a comment at the end of the call's line). */
function lineOf (marker: string): number {
  const index = SOURCE.findIndex((line) => line.endsWith(`// ${marker}`))
  assert.ok(index >= 0, marker)
  return index + 1
}

function callAt (calls: readonly CallFinding[], api: string): CallFinding {
  const found = calls.find((c) => c.api === api)
  assert.ok(found, `${api} in ${JSON.stringify(calls.map((c) => c.api))}`)
  return found
}

function assertSite (call: CallFinding, marker: string): void {
  const m = /^(.*):(\d+):(\d+)$/.exec(call.callSite)
  assert.ok(m, call.callSite)
  assert.equal(m[1], __filename)
  assert.equal(Number(m[2]), lineOf(marker))
}

const get = (app: Application, url: string, headers: Record<string, string> = {}) => inject(app, { url, headers })

describe('migration report: routes and middleware', () => {
  it('lists routes and middleware of mounted routers and sub-apps with their full paths', () => {
    const app = framework()
    const api = framework.Router()
    const users = framework.Router()
    const admin = framework()
    users.get('/:id?', (req, res) => { res.end() })
    users.post('/:id/avatar', (req, res) => { res.end() })
    api.use('/users', users)
    api.use('/files/*', (req, res, next) => { next() })
    app.use('/api/v1', api)
    admin.delete('/cache/*', (req, res) => { res.end() })
    app.use('/admin', admin)
    app.get(['/old/:page?', '/new', /^\/re\/(\d+)$/], (req, res) => { res.end() })
    const { paths } = app.migrationReport()
    assert.deepEqual(paths.map((p) => [p.kind, p.methods.join(','), p.fullPath, p.path, String(p.suggestion)]), [
      ['route', 'GET', '/api/v1/users/:id?', '/:id?', '{/:id}'],
      ['middleware', '', '/api/v1/files/*', '/files/*', '/files/{*splat}'],
      ['route', 'DELETE', '/admin/cache/*', '/cache/*', '/cache/{*splat}'],
      ['route', 'GET', '/old/:page?', '/old/:page?', '/old{/:page}']
    ])
    assert.ok(paths.every((p) => p.problem === 'invalid' && p.reason.startsWith('path-to-regexp 8 rejects it')))
  })

  it('follows a router mounted in several places, once per place', () => {
    const app = framework()
    const shared = framework.Router()
    shared.get('/*', (req, res) => { res.end() })
    app.use(['/a', '/b'], shared)
    assert.deepEqual(app.migrationReport().paths.map((p) => p.fullPath), ['/a/*', '/b/*'])
  })

  it('a sub-app lists its own paths without its mount path', () => {
    const app = framework()
    const sub = framework()
    sub.get('/x/:y?', (req, res) => { res.end() })
    app.use('/sub', sub)
    assert.deepEqual(sub.migrationReport().paths.map((p) => p.fullPath), ['/x/:y?'])
    assert.deepEqual(app.migrationReport().paths.map((p) => p.fullPath), ['/sub/x/:y?'])
  })

  it('is empty for an app Express 5 reads the same', () => {
    const app = framework()
    app.get('/users/:id', (req, res) => { res.json({ id: req.params.id }) })
    app.use('/static', (req, res, next) => { next() })
    const report = app.migrationReport()
    assert.deepEqual([report.paths, report.calls, report.settings], [[], [], []])
    assert.equal(String(report), 'Express 5 migration: nothing found.')
  })
})

describe('migration report: calls', () => {
  it('names each removed or changed call with its call site and request', async () => {
    const app = framework()
    app.get('/send-status', (req, res) => { res.send(404) }) // send-status
    app.get('/send-body-status', (req, res) => { res.send('made', 201) }) // send-body-status
    app.get('/json-status', (req, res) => { res.json(201, { ok: true }) }) // json-status
    app.get('/jsonp-status', (req, res) => { res.jsonp(201, { ok: true }) }) // jsonp-status
    app.get('/param/:id', (req, res) => { res.send(req.param('id')) }) // param
    app.get('/back', (req, res) => { res.redirect('back') }) // redirect-back
    app.get('/location', (req, res) => { res.location('back').end() }) // location-back
    app.get('/moved', (req, res) => { res.redirect('/there', 301) }) // redirect-status
    app.get('/charset', (req, res) => { res.send(String(req.acceptsCharset('utf-8'))) }) // charset
    app.get('/host', (req, res) => { res.send(String(req.host)) }) // host
    app.get('/cookie', (req, res) => { res.clearCookie('sid', { maxAge: 1000 }).end() }) // clear-cookie
    app.get('/status', (req, res) => { res.status(200.5 as number).end() }) // status
    app.get('/query', (req, res) => { req.query = { replaced: '1' }; res.end() }) // query-assign
    for (const url of ['/send-status', '/send-body-status', '/json-status', '/jsonp-status', '/param/7', '/back', '/location', '/moved', '/charset', '/host', '/cookie', '/status', '/query?a=1']) {
      await get(app, url, { host: 'example.com:3000' })
    }
    await get(app, '/param/8')
    const { calls } = app.migrationReport()
    const expected: Array<[string, string, string[]]> = [
      ['res.send(status)', 'send-status', ['GET /send-status']],
      ['res.send(body, status)', 'send-body-status', ['GET /send-body-status']],
      ['res.json(status, body)', 'json-status', ['GET /json-status']],
      ['res.jsonp(status, body)', 'jsonp-status', ['GET /jsonp-status']],
      ['req.param(name)', 'param', ['GET /param/7', 'GET /param/8']],
      ["res.redirect('back')", 'redirect-back', ['GET /back']],
      ["res.location('back')", 'location-back', ['GET /location']],
      ['res.redirect(url, status)', 'redirect-status', ['GET /moved']],
      ['req.acceptsCharset()', 'charset', ['GET /charset']],
      ['req.host', 'host', ['GET /host']],
      ['res.clearCookie(name, { maxAge })', 'clear-cookie', ['GET /cookie']],
      ['res.status(200.5)', 'status', ['GET /status']],
      ['req.query = value', 'query-assign', ['GET /query']]
    ]
    assert.deepEqual(calls.map((c) => c.api).sort(), expected.map(([api]) => api).sort())
    for (const [api, marker, requests] of expected) {
      const call = callAt(calls, api)
      assertSite(call, marker)
      assert.deepEqual(call.requests, requests)
      assert.equal(call.count, requests.length)
      assert.ok(call.advice.length > 0)
    }
  })

  it('setup calls: app.del and app.param(fn), without a request', () => {
    const app = framework()
    app.del('/gone', (req, res) => { res.end() }) // del
    app.param((name: string, check: unknown) => { void name; return check as never }) // param-fn
    const { calls } = app.migrationReport()
    assertSite(callAt(calls, 'app.del(path, …)'), 'del')
    assertSite(callAt(calls, 'app.param(fn)'), 'param-fn')
    assert.deepEqual(callAt(calls, 'app.del(path, …)').requests, [])
  })

  it('does not count the framework calling itself, or the forms Express 5 keeps', async () => {
    const app = framework()
    app.get('/ok', (req, res) => { res.status(201).json({ ok: true }) })
    app.get('/status', (req, res) => { res.sendStatus(204) })
    app.get('/redirect', (req, res) => { res.redirect(301, '/ok') })
    app.get('/file', (req, res) => { res.download(__filename) })
    for (const url of ['/ok', '/status', '/redirect', '/file', '/missing']) await get(app, url)
    assert.deepEqual(app.migrationReport().calls, [])
  })

  it('calls made in a sub-app count for the app that mounts it', async () => {
    const app = framework()
    const sub = framework()
    sub.get('/p', (req, res) => { res.send(req.param('q')) })
    app.use('/sub', sub)
    await get(app, '/sub/p?q=1')
    assert.deepEqual(app.migrationReport().calls.map((c) => [c.api, c.requests]), [['req.param(name)', ['GET /sub/p']]])
    assert.deepEqual(sub.migrationReport().calls.map((c) => c.api), ['req.param(name)'])
  })

  it('keeps each method working as before', async () => {
    const app = framework()
    app.get('/', (req, res) => { res.send(req.param('a') + req.host + req.acceptsLanguage('en')) })
    const res = await get(app, '/?a=x', { host: 'h.example', 'accept-language': 'en' })
    assert.equal(res.text, 'xh.exampleen')
  })
})

describe('migration report: settings', () => {
  it('query parser: reported once a request had a query the simple parser reads differently', async () => {
    const app = framework()
    app.get('/search', (req, res) => { res.json(req.query) })
    await get(app, '/search?q=plain&n=1')
    assert.deepEqual(app.migrationReport().settings, [])
    await get(app, '/search?filter[color]=red')
    const [setting] = app.migrationReport().settings
    assert.equal(setting.setting, 'query parser')
    assert.deepEqual(setting.evidence, ['GET /search'])
  })

  it('query parser: not reported when the app chose it, or never read the query', async () => {
    const chose = framework()
    chose.set('query parser', 'extended')
    chose.get('/search', (req, res) => { res.json(req.query) })
    const unread = framework()
    unread.get('/search', (req, res) => { res.end() })
    for (const app of [chose, unread]) {
      await get(app, '/search?filter[color]=red')
      assert.deepEqual(app.migrationReport().settings, [])
    }
  })

  it('express.urlencoded without extended: reported where it is mounted', () => {
    const app = framework()
    const made = framework.urlencoded() // urlencoded
    app.use('/forms', made)
    app.post('/login', framework.urlencoded(), (req, res) => { res.end() }) // urlencoded-route
    app.use(framework.urlencoded({ extended: false }))
    const [setting] = app.migrationReport().settings
    assert.equal(setting.setting, 'express.urlencoded extended')
    assert.deepEqual(setting.evidence, [
      `app.use /forms (made at ${__filename}:${lineOf('urlencoded')}:${/:(\d+)\)$/.exec(setting.evidence[0])![1]})`,
      `POST /login (made at ${__filename}:${lineOf('urlencoded-route')}:${/:(\d+)\)$/.exec(setting.evidence[1])![1]})`
    ])
  })
})

describe('migration report: summary', () => {
  it('String(report) and formatMigrationReport(report) give the same readable text', async () => {
    const app = framework()
    app.get('/files/*', (req, res) => { res.send(200) })
    await get(app, '/files/a')
    const report = app.migrationReport()
    const text = formatMigrationReport(report)
    assert.equal(String(report), text)
    assert.match(text, /^Express 5 migration: 1 path\(s\), 1 call\(s\), 0 setting\(s\) to change\./)
    assert.match(text, /\n {2}GET \/files\/\*\n {4}invalid: path-to-regexp 8 rejects it: Missing parameter name/)
    assert.match(text, /\n {4}write "\/files\/\*" as "\/files\/\{\*splat\}"\n/)
    assert.match(text, /\n {2}res\.send\(status\) at .*report\.test\.ts:\d+:\d+ \(1 time\)\n {4}Express 5 sends the number as the body/)
    assert.match(text, /while serving GET \/files\/a/)
    assert.deepEqual(Object.keys(report), ['paths', 'calls', 'settings'])
  })
})
