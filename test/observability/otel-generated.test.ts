// OpenTelemetry (instrumentation-express 0.71, instrumentation-http 0.213) on generated apps: random
// trees of named middleware, routes with parameters, `app.route` chains, routers (mergeParams or
// not, mounted at plain or parameterised paths, nested), error handlers, and a few requests that
// hit and miss. Each app is a JSON description that fixtures/otel-gen-runner.cjs builds for any
// framework; one child process per form records every app in turn, and each edition's spans and
// responses are compared app by app with the real Express of its line.
// OTEL_GEN_SEED and OTEL_GEN_APPS change the seed and the number of apps.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { mask, type Recorded } from './otel-spans'
import { prepareForms, type Form } from './forms'

const RUNNER = path.join(__dirname, 'fixtures', 'otel-gen-runner.cjs')
const SEED = process.env.OTEL_GEN_SEED === undefined ? 42_424 : Number(process.env.OTEL_GEN_SEED)
const APPS = process.env.OTEL_GEN_APPS === undefined ? 100 : Number(process.env.OTEL_GEN_APPS)

type Act = 'next' | 'send' | 'throw' | 'nextErr' | 'nextRoute' | 'nextRouter' | 'nextStatus' | 'reject' | 'rejectEmpty' | 'catch' | 'throwValue'
type ErrorAct = 'next' | 'send' | 'throw'
/** A path, an array of paths, or a RegExp's source with a path it matches. */
type Path = string | string[] | { re: string, sample: string }
type Method = 'get' | 'post' | 'put' | 'delete' | 'all'
type Layer =
  | { kind: 'use', path?: Path, acts: Act[] }
  | { kind: 'param', name: string, act: Act }
  | { kind: 'error', path?: Path, act: ErrorAct }
  | { kind: 'route', method: Method, path: Path, handlers: Act[] }
  | { kind: 'chain', path: Path, methods: Array<{ method: Method, handlers: Act[] }> }
  | { kind: 'router', path: Path, mergeParams: boolean, strict: boolean, caseSensitive: boolean, app?: boolean, stack: Layer[] }
interface Description { settings: Record<string, boolean>, stack: Layer[], requests: Array<[string, string]> }


// Paths valid on both lines (no `*`, no optional parameters); parameters named so that a mount's
// and a route's may meet (`:id` under `/:id`), as they do in apps. At times an array of paths, or
// a route's RegExp (as its source, with a path it matches).
const mountPath = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('/r', '/a', '/orgs/:orgId', '/a/:b', '/:id', '/') },
  { weight: 1, arbitrary: fc.constantFrom<Path>(['/r', '/orgs/:orgId'], ['/a', '/b']) }
)
const routePath = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('/', '/:id', '/a/:b', '/users/:id', '/a', '/x/:id/y', '/:id/b') },
  { weight: 1, arbitrary: fc.constantFrom<Path>(['/a', '/x/:id'], ['/users/:id', '/:id/b']) },
  { weight: 1, arbitrary: fc.constantFrom<Path>({ re: '^\\/re\\/(\\d+)$', sample: '/re/42' }, { re: '^\\/n\\/(?<num>\\d+)\\/?$', sample: '/n/7' }) }
)
/** Apps for a line: on the Express 5 line, handlers may also return a promise that rejects. */
function appArbitrary (major: 4 | 5): fc.Arbitrary<Description> {
  const weighted = <T>(...pairs: Array<[T, number]>): fc.Arbitrary<T> => fc.oneof(...pairs.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })))
  const rejects: Array<[Act, number]> = major === 5 ? [['reject', 1], ['rejectEmpty', 1]] : []
  const useAct = weighted<Act>(['next', 8], ['send', 1], ['throw', 1], ['throwValue', 1], ['nextErr', 1], ['nextRoute', 1], ['nextRouter', 1], ['nextStatus', 1], ...rejects)
  const handlerAct = weighted<Act>(['send', 6], ['next', 2], ['catch', 1], ['throw', 1], ['nextErr', 1], ['nextRoute', 1], ['nextStatus', 1], ...rejects)
  const handlers = fc.array(handlerAct, { minLength: 1, maxLength: 3 })
  const method = fc.constantFrom<Method>('get', 'get', 'post', 'put', 'delete', 'all')
  const optionalPath = fc.option(mountPath, { nil: undefined, freq: 2 })
  const { layer } = fc.letrec<{ layer: Layer, stack: Layer[] }>((tie) => ({
    layer: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('use' as const), path: optionalPath, acts: fc.array(useAct, { minLength: 1, maxLength: 2 }) }, { requiredKeys: ['kind', 'acts'] }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('route' as const), method, path: routePath, handlers }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('param' as const), name: fc.constantFrom('id', 'b', 'orgId'), act: weighted<Act>(['next', 6], ['send', 1], ['throw', 1], ['nextErr', 1], ['nextRoute', 1]) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('error' as const), path: optionalPath, act: fc.constantFrom<ErrorAct>('send', 'send', 'next', 'throw') }, { requiredKeys: ['kind', 'act'] }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('chain' as const),
          path: routePath,
          methods: fc.uniqueArray(fc.record({ method: fc.constantFrom<Method>('get', 'post', 'put', 'delete'), handlers }), { minLength: 2, maxLength: 3, selector: (m) => m.method })
        })
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('router' as const), path: mountPath, mergeParams: fc.boolean(), strict: weighted<boolean>([false, 3], [true, 1]), caseSensitive: weighted<boolean>([false, 3], [true, 1]), app: weighted<boolean>([false, 4], [true, 1]), stack: tie('stack') }) }
    ),
    stack: fc.array(tie('layer'), { minLength: 1, maxLength: 5 })
  }))
  return fc.array(layer, { minLength: 2, maxLength: 6 }).chain((stack) => {
    const known = [...new Set(paths(stack, ''))]
    // A path the app routes, its parameters given a value; at times with a trailing slash or in capitals (strict and caseSensitive routers).
    const hit = fc.tuple(fc.constantFrom(...(known.length > 0 ? known : ['/'])), fc.constantFrom('1', '7', 'z', 'a%20b'), weighted(['as is', 6], ['slash', 1], ['upper', 1]), weighted([false, 4], [true, 1]))
      .map(([p, v, form, query]) => {
        const target = p.replace(/:\w+/g, v)
        const shaped = form === 'slash' ? target.replace(/\/?$/, '/') : form === 'upper' ? target.toUpperCase() : target
        return shaped + (query ? '?q=' + v : '')
      })
    const miss = fc.array(fc.constantFrom('a', 'b', 'r', 'x', 'y', 'users', 'orgs', '1', 'nope'), { maxLength: 4 }).map((s) => '/' + s.join('/'))
    const request = fc.tuple(fc.constantFrom('GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'), fc.oneof({ weight: 3, arbitrary: hit }, { weight: 1, arbitrary: miss }))
    const settings = fc.record({ 'strict routing': weighted([false, 4], [true, 1]), 'case sensitive routing': weighted([false, 4], [true, 1]) })
    return fc.record({ settings, stack: fc.constant(stack), requests: fc.array(request, { minLength: 2, maxLength: 5 }) })
  })
}

/** The paths an app answers on (mounts and routes joined), with parameters left as `:name`. */
function paths (stack: Layer[], prefix: string): string[] {
  const join = (a: string, b: Path): string[] => (typeof b === 'string' ? [b] : Array.isArray(b) ? b : [b.sample]).map((p) => (a + (p === '/' ? '' : p)) || '/')
  return stack.flatMap((l) => {
    if (l.kind === 'route' || l.kind === 'chain') return join(prefix, l.path)
    if (l.kind === 'router') return join(prefix, l.path).flatMap((mount) => paths(l.stack, mount))
    return l.kind === 'param' || l.path === undefined ? [] : join(prefix, l.path)
  })
}

/** Differences found by generation, kept as they were generated (each passes since it was fixed). */
const REGRESSIONS: Record<4 | 5, Description[]> = { 4: [], 5: [] }


/** Records every described app on the form, in one child process: one result per app. */
function record (form: Form, file: string, count: number): Promise<Recorded[]> {
  return new Promise((resolve, reject) => {
    // NODE_ENV=test: the final handler does not log each error it answers.
    const env = { ...process.env, NODE_ENV: 'test' }
    const child = spawn(process.execPath, [RUNNER, form.module, file], { cwd: form.dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    const timer = setTimeout(() => child.kill(), 100_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      const results = stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Recorded)
      if (code !== 0 || results.length !== count) reject(new Error(`${form.name}: exit ${code}, ${results.length} of ${count} apps\n${stderr}`))
      else resolve(results)
    })
  })
}

test(`OpenTelemetry records generated apps on each edition as on the real Express of its line (seed ${SEED}, ${APPS} apps a line)`, async (t) => {
  const apps = {
    4: [...REGRESSIONS[4], ...fc.sample(appArbitrary(4), { seed: SEED, numRuns: APPS })],
    5: [...REGRESSIONS[5], ...fc.sample(appArbitrary(5), { seed: SEED, numRuns: APPS })]
  }
  const forms = prepareForms()
  try {
    const files = { 4: '', 5: '' }
    for (const major of [4, 5] as const) {
      files[major] = path.join(forms.get(`express@${major}`).dir, '..', `otel-generated-apps-${major}.json`)
      fs.writeFileSync(files[major], JSON.stringify(apps[major]))
    }
    const runs = (['express@4', 'edition 4', 'express@5', 'edition 5'] as const).map((name) => forms.get(name))
    const recorded = new Map<string, Recorded[]>()
    // Two at a time: the machine's cores, and each run waits on its own sockets.
    await Promise.all([0, 1].map(async () => {
      for (let form = runs.shift(); form; form = runs.shift()) recorded.set(form.name, await record(form, files[form.major], apps[form.major].length))
    }))
    for (const major of [4, 5] as const) {
      await t.test(`edition ${major} against express@${major}`, () => {
        const reference = recorded.get(`express@${major}`)!
        const edition = recorded.get(`edition ${major}`)!
        let requests = 0
        let spans = 0
        for (const [i, app] of apps[major].entries()) {
          const regressions = REGRESSIONS[major].length
          const origin = i < regressions ? `regression ${i}` : `app ${i - regressions} of OTEL_GEN_SEED=${SEED}`
          const message = `edition ${major}, ${origin}:\n${JSON.stringify(app)}`
          assert.deepEqual(edition[i]!.lines, reference[i]!.lines, `${message}\nresponses differ`)
          assert.deepEqual(mask(edition[i]!.spans), mask(reference[i]!.spans), `${message}\nspans differ`)
          requests += reference[i]!.lines.length
          spans += reference[i]!.spans.length
        }
        // The reference is hooked: more spans than the requests' server spans.
        assert.ok(spans > requests, `express@${major}: ${spans} spans for ${requests} requests`)
        t.diagnostic(`line ${major}: ${apps[major].length} apps, ${requests} requests, ${spans} spans compared`)
      })
    }
  } finally {
    forms.remove()
  }
})
