import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, ensureBuilt } from '../support/built-package'

// The deprecation warnings of the built package, against express@4's (and body-parser 1's, which
// Express 4's parsers are): one generated app, run in a child process as `require('express')`
// from two projects, one with the real express@4 installed and one with an Express edition of
// Ristretto (the built package under a package.json saying `"deprecationNamespace": "express"`).
// The script is the same file at the same path from each project's folder, so each warning,
// `<date> <namespace> deprecated <message> at app.js:<line>:<column>`, compares as it is printed,
// but for the date.

/** One deprecated call: code on one line of the app, at setup or in a route handler. */
interface Case {
  title: string
  /** Runs when the app is made (`app`, `express`, `router` and `utils` in scope). */
  setup?: string
  /** The body of a GET handler (`req`, `res`, `next` in scope); must end the response. */
  handler?: string
  /** Where Express 4 names its own file rather than the app's line (see the test of those). */
  expressNamesItself?: true
}

const CASES: readonly Case[] = [
  { title: 'app.del(path, handler)', setup: "app.del('/gone', (req, res) => res.end())" },
  { title: 'app.param(fn)', setup: 'app.param((name, fn) => fn)', expressNamesItself: true },
  { title: 'app.param(":name", fn)', setup: "app.param(':id', (req, res, next) => next())", expressNamesItself: true },
  { title: 'router.param(fn)', setup: 'router.param((name, fn) => fn)' },
  { title: 'router.param(":name", fn)', setup: "router.param(':id', (req, res, next) => next())" },
  { title: 'express.urlencoded() without extended', setup: 'app.use(express.urlencoded())' },
  { title: 'express.urlencoded(options) without extended', setup: "app.use(express.urlencoded({ limit: '1kb' }))" },
  { title: 'express.urlencoded({ extended }) (no warning)', setup: 'app.use(express.urlencoded({ extended: false }))' },
  { title: 'utils.flatten', setup: 'utils.flatten([1, [2, [3]]])' },
  { title: 'utils.contentDisposition', setup: "utils.contentDisposition('a b.txt')" },
  { title: 'res.send(status)', handler: 'res.send(201)' },
  { title: 'res.send(body, status)', handler: "res.send('made', 201)" },
  { title: 'res.send(status, body)', handler: "res.send(201, 'made')" },
  { title: 'res.json(obj, status)', handler: 'res.json({ a: 1 }, 201)' },
  { title: 'res.json(status, obj)', handler: 'res.json(201, { a: 1 })' },
  { title: 'res.jsonp(obj, status)', handler: 'res.jsonp({ a: 1 }, 201)' },
  { title: 'res.jsonp(status, obj)', handler: 'res.jsonp(201, { a: 1 })' },
  { title: 'res.status(string)', handler: "res.status('201').status(201).end()" },
  { title: 'res.status(fraction)', handler: 'res.status(201.5).status(201).end()' },
  { title: 'res.sendfile(path)', handler: 'res.sendfile(__filename)' },
  { title: 'res.clearCookie(name, { maxAge })', handler: "res.clearCookie('a', { maxAge: 1000 }).end()" },
  { title: 'res.clearCookie(name, { expires })', handler: "res.clearCookie('a', { expires: new Date(0) }).end()" },
  { title: 'res.clearCookie(name, { maxAge, expires })', handler: "res.clearCookie('a', { maxAge: 1000, expires: new Date(0) }).end()" },
  { title: 'res.location("back")', handler: "res.location('back').end()" },
  { title: 'res.redirect("back")', handler: "res.redirect('back')" },
  { title: 'res.redirect(url, status)', handler: "res.redirect('/there', 301)" },
  { title: 'res.redirect("back", status)', handler: "res.redirect('back', 301)" },
  { title: 'res.vary()', handler: 'res.vary().end()' },
  { title: 'res.vary([])', handler: 'res.vary([]).end()' },
  { title: 'req.param(name)', handler: "res.end(String(req.param('id')))" },
  { title: 'req.param(name, default)', handler: "res.end(String(req.param('id', 'none')))" },
  { title: 'req.host', handler: 'res.end(req.host)' },
  { title: 'req.acceptsCharset', handler: "res.end(String(req.acceptsCharset('utf-8')))" },
  { title: 'req.acceptsEncoding', handler: "res.end(String(req.acceptsEncoding('gzip')))" },
  { title: 'req.acceptsLanguage', handler: "res.end(String(req.acceptsLanguage('en')))" },
  { title: 'one warning per call site, however often it runs', handler: 'for (let i = 0; i < 3; i++) res.vary(); res.end()' },
  { title: 'one warning per call site, two sites on a line', handler: 'res.vary(); res.vary(); res.end()' },
  { title: 'ristretto/parser and body-parser 2: urlencoded() (no warning)', setup: 'require(process.env.BODY_PARSER_2).urlencoded()' },
  { title: 'Express 5: express.urlencoded() (no warning)', setup: 'require(process.env.EXPRESS_5).urlencoded()' }
]

/** Express 5's (the express5 preset's), in app5.js; what router 2 reports names its own files. */
const EXPRESS_5_CASES: readonly Case[] = [
  { title: 'res.redirect()', handler: 'res.redirect()' },
  { title: 'res.redirect(status)', handler: 'res.redirect(301)' },
  { title: 'res.redirect(url, status)', handler: "res.redirect('/there', 301)" },
  { title: 'res.redirect(url) (no warning)', handler: "res.redirect('/there')" }
]

/** A handler and a param callback returning thenables that are not promises (Express 5: router 2 warns). */
const EXPRESS_5_THENABLES = [
  "app.param('id', function (req, res, next) { next(); return { then () {} } })",
  "app.get('/thenable/:id', function (req, res) { res.end(); return { then () {} } })",
  "routes.push('/thenable/1')"
]

/** The line of each script where the cases start. */
const FIRST_CASE_LINE = 7

/**
 * An app requiring the framework as `framework` (a module name, or the environment variable
 * naming one): the cases one a line from {@link FIRST_CASE_LINE}, `extra` lines, then one request
 * to each route.
 */
function script (framework: string, cases: readonly Case[], extra: readonly string[] = []): string {
  return [
    "'use strict'",
    "const http = require('http')",
    `const express = require(${framework})`,
    framework === "'express'" ? "const utils = require('express/lib/utils')" : '// Express 5 has no lib/utils',
    'const app = express()',
    'const router = express.Router()',
    ...cases.map((c, i) => c.handler !== undefined
      ? `app.get('/${i}', function (req, res, next) { ${c.handler} })`
      : c.setup),
    `const routes = ${JSON.stringify(cases.flatMap((c, i) => c.handler !== undefined ? [`/${i}`] : []))}`,
    ...extra,
    'const server = app.listen(0, "127.0.0.1", function next () {',
    '  const path = routes.shift()',
    '  if (path === undefined) return server.close()',
    '  const headers = { referer: "/from", "accept-charset": "utf-8", "accept-encoding": "gzip", "accept-language": "en" }',
    '  http.get({ host: "127.0.0.1", port: server.address().port, path, headers, agent: false }, (res) => { res.resume(); res.on("end", next) })',
    '})',
    ''
  ].join('\n')
}

/** depd's prefix when stderr is not a terminal: the date, as `Date#toUTCString` writes it. */
const DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT /

/** A printed warning, less its date: `<namespace> deprecated <message> at <file>:<line>:<column>`. */
type Warning = string

interface Project {
  /** Runs `file` (app.js: Express 4's cases; app5.js: Express 5's) with `env` added; returns its warnings, in order. */
  warnings (file: 'app.js' | 'app5.js', env?: Record<string, string>): Warning[]
}

let tmp: string

/**
 * A folder with the scripts and `node_modules/express` as `install` makes it; `modules` names
 * what the scripts require as `BODY_PARSER_2` (body-parser 2, or ristretto/parser) and `EXPRESS_5`.
 */
function project (name: string, install: (target: string) => void, modules: { BODY_PARSER_2: string, EXPRESS_5: string }): Project {
  const dir = path.join(tmp, name)
  fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'app.js'), script("'express'", CASES))
  fs.writeFileSync(path.join(dir, 'app5.js'), script('process.env.EXPRESS_5', EXPRESS_5_CASES, EXPRESS_5_THENABLES))
  install(path.join(dir, 'node_modules', 'express'))
  return {
    warnings (file, env = {}): Warning[] {
      const inherited = Object.fromEntries(Object.entries(process.env)
        .filter(([key]) => !['NO_DEPRECATION', 'TRACE_DEPRECATION', 'NODE_OPTIONS', 'NODE_PATH'].includes(key)))
      const r = spawnSync(process.execPath, [file], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...inherited, NODE_ENV: 'test', ...modules, ...env },
        timeout: 30000
      })
      assert.equal(r.status, 0, `${name}: node exited with ${r.status}\n${r.stderr}`)
      const lines = r.stderr.split('\n').filter((line) => line !== '')
      for (const line of lines) assert.match(line, DATE, `${name}: not a warning: ${line}`)
      return lines.map((line) => line.replace(DATE, ''))
    }
  }
}

/** The built package at `target`, with the project's package.json, `manifest` merged in, at its root. */
function edition (target: string, manifest: Record<string, unknown>): void {
  const own = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>
  fs.mkdirSync(target)
  fs.writeFileSync(path.join(target, 'package.json'), JSON.stringify({ ...own, ...manifest }, null, 2))
  for (const dir of ['kernel', 'plugins', 'presets']) {
    fs.cpSync(path.join(ROOT, 'dist', dir), path.join(target, 'dist', dir), { recursive: true })
  }
}

/** The warnings naming line `line` of `file`. */
function at (warnings: readonly Warning[], line: number, file = 'app.js'): Warning[] {
  return warnings.filter((w) => w.includes(` at ${file}:${line}:`))
}

/** A warning's text, less its site. */
function text (warning: Warning): string {
  return warning.slice(0, warning.lastIndexOf(' at '))
}

/** How the built package is required from a project where it is `express`. */
const OUR_MODULES = { BODY_PARSER_2: 'express/parser', EXPRESS_5: 'express/presets/express5' }

describe('deprecation warnings, differential against express@4 and express@5 (built)', () => {
  /** Real express@4 (and express@5, body-parser 2). */
  let express4: Project
  /** An Express edition: the built package, named ristretto-express, deprecating as `express`. */
  let expressEdition: Project
  /** Ristretto installed under Express's name (`"express": "npm:ristretto@…"`): its own name. */
  let aliased: Project
  let theirs: Warning[]
  let ours: Warning[]

  before(() => {
    ensureBuilt()
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-deprecations-'))
    express4 = project('express4', (target) => fs.symlinkSync(path.join(ROOT, 'node_modules', 'express'), target, 'dir'), {
      BODY_PARSER_2: path.join(ROOT, 'node_modules', 'body-parser-2'),
      EXPRESS_5: path.join(ROOT, 'node_modules', 'express-5')
    })
    // Its dependencies are the project's own, in its node_modules: a link to the project's (every
    // runtime resolves through it; Deno ignores NODE_PATH).
    expressEdition = project('edition', (target) => {
      edition(target, { name: 'ristretto-express', ristretto: { deprecationNamespace: 'express' } })
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(target, 'node_modules'), 'dir')
    }, OUR_MODULES)
    aliased = project('aliased', (target) => fs.symlinkSync(ROOT, target, 'dir'), OUR_MODULES)
    theirs = express4.warnings('app.js')
    ours = expressEdition.warnings('app.js')
  })

  after(() => { if (tmp) fs.rmSync(tmp, { recursive: true, force: true }) })

  CASES.forEach((c, i) => {
    if (c.expressNamesItself) return
    it(`${c.title}: the same warnings, at the same site`, () => {
      const line = FIRST_CASE_LINE + i
      assert.deepEqual(at(ours, line), at(theirs, line))
      if (c.title.includes('no warning')) assert.deepEqual(at(theirs, line), [])
      else assert.ok(at(theirs, line).length > 0, `express@4 warns for ${c.title}`)
    })
  })

  it('app.param(fn) and app.param(":name", fn): Express\'s text, at the app\'s line where Express names its own application.js', () => {
    for (const [i, c] of CASES.entries()) {
      if (!c.expressNamesItself) continue
      const line = FIRST_CASE_LINE + i
      assert.deepEqual(at(theirs, line), [], 'express@4 names its own file')
      const mine = at(ours, line)
      assert.equal(mine.length, 1)
      const expressOwn = theirs.filter((w) => text(w) === text(mine[0]) && /express[/\\]lib[/\\]application\.js:\d+:\d+$/.test(w))
      assert.equal(expressOwn.length, 1, `express@4 gives "${text(mine[0])}" once, from its application.js`)
    }
  })

  it('prints nothing else: every warning of either is one of a case', () => {
    const others = (ws: readonly Warning[]): Warning[] => ws.filter((w) => !/ at app\.js:\d+:\d+$/.test(w) && !/express[/\\]lib[/\\]application\.js/.test(w))
    assert.deepEqual(others(ours), [])
    assert.deepEqual(others(theirs), [])
    assert.equal(ours.length, theirs.length)
  })

  it('Express 5 (the express5 preset): the same warnings, at the same sites; router 2\'s under `router`, sites aside', () => {
    const theirs5 = express4.warnings('app5.js')
    const ours5 = expressEdition.warnings('app5.js')
    EXPRESS_5_CASES.forEach((c, i) => {
      const line = FIRST_CASE_LINE + i
      assert.deepEqual(at(ours5, line, 'app5.js'), at(theirs5, line, 'app5.js'), c.title)
      assert.equal(at(theirs5, line, 'app5.js').length > 0, !c.title.includes('no warning'), c.title)
    })
    // Router 2 names its own files, the handler having returned; so does Ristretto, its own.
    const routers = (ws: readonly Warning[]): string[] => ws.filter((w) => w.startsWith('router ')).map(text)
    assert.deepEqual(routers(ours5), routers(theirs5))
    assert.equal(routers(theirs5).length, 2)
    assert.equal(ours5.length, theirs5.length)
  })

  it('NO_DEPRECATION=express silences the edition\'s warnings but body-parser\'s, as Express\'s', () => {
    const silenced = expressEdition.warnings('app.js', { NO_DEPRECATION: 'express' })
    assert.deepEqual(silenced, express4.warnings('app.js', { NO_DEPRECATION: 'express' }))
    assert.ok(silenced.length > 0)
    assert.ok(silenced.every((w) => w.startsWith('body-parser deprecated undefined extended: provide extended option at app.js:')))
    assert.deepEqual(expressEdition.warnings('app.js', { NO_DEPRECATION: 'body-parser,express' }), [])
  })

  it('installed under its own name, ristretto deprecates as `ristretto` (body-parser\'s notices stay body-parser\'s)', () => {
    const own = aliased.warnings('app.js')
    assert.deepEqual(own, ours.map((w) => w.replace(/^express deprecated /, 'ristretto deprecated ')))
    assert.ok(own.some((w) => w.startsWith('ristretto deprecated ')))
    assert.deepEqual(aliased.warnings('app.js', { NO_DEPRECATION: 'express' }), own)
    assert.deepEqual(aliased.warnings('app.js', { NO_DEPRECATION: 'ristretto' }), own.filter((w) => w.startsWith('body-parser ')))
  })
})
