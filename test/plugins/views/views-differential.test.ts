import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type http from 'node:http'
import fc from 'fast-check'
import framework from '../../../presets/default'
import { exchange, sideBySide, withoutStackFrames } from '../../support/differential'

// Finding a view and what its engine gets are Express's View and app.render: the name with or
// without an extension, the default engine, several view folders, index files, the cache, the
// locals of the app, the response and the call, and the errors when nothing is found or the
// engine fails. The same random renders on Ristretto and express@4, over a scratch folder of
// views, through app.render and res.render, must give the same output or the same error.

let dir = ''
let roots: { one: string, two: string }

/** Views of the scratch folder: `one` and `two` are view folders, with a file outside both. */
const FILES = [
  'one/index.tpl', 'one/users/index.tpl', 'one/users/show.tpl', 'one/a.b.tpl', 'one/page.html', 'one/both.tpl', 'one/folder.tpl/index.tpl',
  'two/only-two.tpl', 'two/both.tpl', 'two/index.html', 'outside.tpl'
]

const NAMES = [
  'index', 'users', 'users/show', 'users/index', 'a.b', 'a.b.tpl', 'page', 'page.html', 'both', 'only-two', 'missing',
  '../outside', '../outside.tpl', 'users/', './index', 'folder.tpl', 'index.tpl', '', 'ABS'
]

interface Render {
  via: 'app' | 'res'
  name: string
  options: { local?: string, cache?: boolean, _locals?: { fromUnderscore: string } } | undefined
}

interface Setup {
  views: 'one' | 'two' | 'one,two' | 'two,one'
  engine: undefined | 'tpl' | '.tpl' | 'html'
  cache: boolean
  /** How the `tpl` engine behaves: renders, calls back with an error, or throws. */
  failing: 'no' | 'callback' | 'throw'
  appLocal: boolean
  renders: Render[]
}

const render: fc.Arbitrary<Render> = fc.record({
  via: fc.constantFrom<Render['via']>('app', 'res'),
  name: fc.constantFrom(...NAMES),
  options: fc.option(fc.record({
    local: fc.option(fc.constantFrom('from options'), { nil: undefined }),
    cache: fc.option(fc.boolean(), { nil: undefined }),
    _locals: fc.option(fc.constant({ fromUnderscore: 'underscore' }), { nil: undefined })
  }, { requiredKeys: [] }), { nil: undefined })
})

const setup: fc.Arbitrary<Setup> = fc.record({
  views: fc.constantFrom<Setup['views']>('one', 'two', 'one,two', 'two,one'),
  engine: fc.constantFrom<Setup['engine']>(undefined, 'tpl', '.tpl', 'html'),
  cache: fc.boolean(),
  failing: fc.constantFrom<Setup['failing']>('no', 'no', 'callback', 'throw'),
  appLocal: fc.boolean(),
  renders: fc.array(render, { minLength: 1, maxLength: 4 })
})

/** What an engine saw: the file (relative to the scratch folder) and the options that are not settings. */
function describeCall (engine: string, file: string, options: Record<string, unknown>): string {
  const shown: Record<string, unknown> = {}
  for (const key of Object.keys(options).sort()) if (key !== 'settings') shown[key] = options[key]
  return `${engine}:${path.relative(dir, file)}:${JSON.stringify(shown)}`
}

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */
function build (create: any, s: Setup): any {
  const app = create()
  app.set('env', 'test')
  app.set('views', s.views.split(',').map((r) => roots[r as 'one' | 'two']))
  if (s.engine !== undefined) app.set('view engine', s.engine)
  app.set('view cache', s.cache)
  if (s.appLocal) app.locals.local = 'from app'
  app.engine('tpl', (file: string, options: Record<string, unknown>, callback: (err: Error | null, out?: string) => void) => {
    if (s.failing === 'throw') throw new Error('tpl threw')
    if (s.failing === 'callback') { callback(new Error('tpl failed')); return }
    callback(null, describeCall('tpl', file, options))
  })
  app.engine('.html', (file: string, options: Record<string, unknown>, callback: (err: Error | null, out?: string) => void) => {
    callback(null, describeCall('html', file, options))
  })
  app.get('/render', (req: any, res: any) => {
    res.locals.local = req.query.resLocal ? 'from res' : res.locals.local
    const r = JSON.parse(req.query.r) as Render
    res.render(viewName(r.name), r.options)
  })
  return app
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** `ABS` stands for an absolute path to a view. */
function viewName (name: string): string {
  return name === 'ABS' ? path.join(dir, 'one', 'users', 'show.tpl') : name
}

/**
 * The line Ristretto adds after Express's `Cannot find module 'b'`, as written or on an error
 * page: what to install (app.render.test.ts checks it).
 */
const ENGINE_HINT = /(?:\n|<br>)No view engine is set up for (?:"|&quot;)\.[^\n<]*? files: npm install [^\n<]*/g

/**
 * A message or page with the scratch folder's path shortened, and without the "Require stack" of
 * a missing engine module: node lists the modules that asked, which are each framework's own;
 * nor the line Ristretto adds to say what to install.
 */
function normalize (text: string): string {
  return text.split(dir).join('<dir>').replace(/(?:\n|<br>)Require stack:(?:(?:\n|<br>)- [^\n<]*)*/g, '').replace(ENGINE_HINT, '')
}

/** The outcome of app.render: the output, or the error's message and status. */
function appRender (app: { render: (name: string, options: unknown, cb: (err: Error | null, out?: string) => void) => void }, r: Render): Promise<string> {
  return new Promise((resolve) => {
    try {
      app.render(viewName(r.name), r.options ?? {}, (err, out) => {
        resolve(err ? `error ${(err as Error & { status?: number }).status}: ${normalize(err.message)}` : `ok ${out}`)
      })
    } catch (err) {
      resolve(`threw ${normalize((err as Error).message)}`)
    }
  })
}

describe('views, differential against express@4', () => {
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-views-'))
    for (const f of FILES) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true })
      fs.writeFileSync(path.join(dir, f), f)
    }
    roots = { one: path.join(dir, 'one'), two: path.join(dir, 'two') }
  })
  after(() => { fs.rmSync(dir, { recursive: true, force: true }) })

  it('finds the same view and hands its engine the same locals, or fails the same way', async () => {
    const express = (await import('express')).default
    await fc.assert(fc.asyncProperty(setup, fc.boolean(), async (s, resLocal) => {
      const ours = build(framework, s)
      const theirs = build(express, s)
      await sideBySide(ours as http.RequestListener, theirs as http.RequestListener, async (ourPort, theirPort) => {
        // Each render twice: the second may come from the cache.
        for (const r of [...s.renders, ...s.renders]) {
          if (r.via === 'app') {
            assert.equal(await appRender(ours, r), await appRender(theirs, r), `app.render ${JSON.stringify(r)}`)
            continue
          }
          const query = `/render?r=${encodeURIComponent(JSON.stringify(r))}${resLocal ? '&resLocal=1' : ''}`
          const [a, b] = await Promise.all([exchange(ourPort, { path: query }), exchange(theirPort, { path: query })])
          const shown = (x: typeof a): string => `${x.status} ${normalize(withoutStackFrames(x.body.toString('utf8')))}`
          assert.equal(shown(a), shown(b), `res.render ${JSON.stringify(r)}`)
        }
      })
    }), { numRuns: 200 })
  })
})
