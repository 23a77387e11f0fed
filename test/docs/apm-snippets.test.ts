// docs/apm.md's OpenTelemetry set-ups run as written, and give the spans the page promises. The
// set-ups for `express` (CommonJS, and the ES modules run with `node --import ./instrument.mjs
// app.mjs`) run on each edition installed as `express` and on the real Express of its line; those
// for `ristretto` under its own name run on Ristretto. Each runs in a folder under the project's
// node_modules (so OpenTelemetry's packages, dev dependencies of the project, resolve as a user's
// installed ones), with preloads (apm-programs.ts) that make `listen` use a free port, let the
// test send GET /users/42 and close the server, and keep in process what the program's
// ConsoleSpanExporter is given, instead of printing it. The spans of an edition are those of the
// Express of its line, with either module system; the ES module set-up without its loader hook
// gives the HTTP server span alone, on the editions as on Express; Ristretto's with the
// opentelemetry plugin are Express 4's, with either module system and no hook.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { Form, Forms, FormName } from '../observability/forms'
import { ensureBuilt } from '../support/built-package'
import { limiter, pagePrograms, prepareApmForms, runProgram, without, type Program } from './apm-programs'

const ROUTE = '/users/:id'
/** The loader hook's line in the ES module set-up, taken out to show what it does. */
const HOOK = /^register\('@opentelemetry\/instrumentation\/hook\.mjs', import\.meta\.url\)$/

/** A span as compared: what it is, not when or where. */
interface SpanShape { name: string, kind: number, route: string | null, type: string | null }

const programs = pagePrograms().filter((p) => p.agent === 'opentelemetry')
const find = (framework: Program['framework'], module: Program['module']): Program[] => programs.filter((p) => p.framework === framework && p.module === module)

describe('docs/apm.md: the OpenTelemetry set-ups', () => {
  let forms: Forms
  const runs = new Map<string, Promise<SpanShape[]>>()
  const limit = limiter(2)

  /** The spans `program` gives on `form` (its variant without the loader hook, `hook: false`), sorted; each run once. */
  function spans (program: Program, name: FormName, hook = true): Promise<SpanShape[]> {
    const key = `${program.line} ${name} ${hook}`
    let run = runs.get(key)
    if (!run) {
      const form: Form = forms.get(name)
      run = limit(async () => {
        // The variant made here, so that a page without the hook's line fails the tests that need it only.
        const variant = hook ? undefined : { name: 'without the hook', files: without(program, 'instrument.mjs', HOOK) }
        return await runProgram(program, form, { preloads: ['spans'], variant })
      }).then(({ stdout, stderr, responses }) => {
        const where = `${program.name}${hook ? '' : ' without the hook'} on ${name}`
        assert.deepEqual(responses.map((r) => [r.status, r.body]), [[200, '{"id":"42"}']], where)
        const line = stdout.split('\n').find((l) => l.startsWith('SPANS '))
        assert.ok(line, `${where} recorded nothing:\n${stdout}${stderr}`)
        const recorded = JSON.parse(line.slice('SPANS '.length)) as SpanShape[]
        return recorded.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : a.kind - b.kind)
      })
      run.catch(() => {}) // reported by the test that awaits it
      runs.set(key, run)
    }
    return run
  }

  /** The page's promise: a server span named by route, and the route handler's span. */
  function assertRouteSpans (recorded: SpanShape[], where: string): void {
    const list = `, in ${JSON.stringify(recorded)}`
    assert.ok(recorded.some((s) => s.kind === 1 && s.name === `GET ${ROUTE}` && s.route === ROUTE), `${where}: the server span GET ${ROUTE}${list}`)
    assert.ok(recorded.some((s) => s.type === 'request_handler' && s.route === ROUTE), `${where}: the route handler's span${list}`)
  }

  before(() => {
    ensureBuilt()
    forms = prepareApmForms()
    // Every run starts now, two at a time; each test awaits the runs it compares.
    for (const program of programs) {
      if (program.framework === 'ristretto') {
        void spans(program, 'ristretto')
        continue
      }
      for (const major of [4, 5] as const) {
        for (const name of [`edition ${major}`, `express@${major}`] as const) {
          void spans(program, name)
          if (program.module === 'esm') void spans(program, name, false)
        }
      }
    }
  })

  after(async () => {
    // Runs a failed test did not wait for end first: they write into the forms' folders.
    await Promise.allSettled(runs.values())
    forms?.remove()
  })

  it('has a set-up for the editions and one for ristretto, each in CommonJS and as ES modules, on the route the test requests', () => {
    for (const framework of ['express', 'ristretto'] as const) {
      for (const module of ['commonjs', 'esm'] as const) assert.equal(find(framework, module).length, 1, `${framework}, ${module}`)
    }
    for (const program of programs) assert.deepEqual(program.routes, [ROUTE], program.name)
    for (const program of find('express', 'esm').concat(find('ristretto', 'esm'))) {
      assert.deepEqual(program.args, ['--import', './instrument.mjs', 'app.mjs'], program.name)
    }
  })

  const [commonjs] = find('express', 'commonjs')
  const [esm] = find('express', 'esm')
  /** The spans the page lists for the request on the Express of each line (sorted by name). */
  const listed = {
    4: ['GET /users/:id', 'middleware - expressInit', 'middleware - query', 'request handler - /users/:id'],
    5: ['GET /users/:id', 'request handler']
  }
  for (const program of [commonjs, esm]) {
    if (!program) continue
    for (const major of [4, 5] as const) {
      it(`runs ${program.name} on edition ${major}: the spans of express@${major}`, async () => {
        const reference = await spans(program, `express@${major}`)
        assert.deepEqual(reference.map((s) => s.name), listed[major], `express@${major}`)
        const edition = await spans(program, `edition ${major}`)
        assertRouteSpans(edition, `edition ${major}`)
        assert.deepEqual(edition, reference)
      })
    }
  }

  if (commonjs && esm) {
    for (const major of [4, 5] as const) {
      it(`gives, as ES modules with the loader hook, the spans of the CommonJS set-up, on edition ${major} and express@${major}`, async () => {
        for (const name of [`edition ${major}`, `express@${major}`] as const) {
          assert.deepEqual(await spans(esm, name), await spans(commonjs, name), name)
        }
      })

      it(`gives, as ES modules without the loader hook, the HTTP server span alone, on edition ${major} as on express@${major}`, async () => {
        const reference = await spans(esm, `express@${major}`, false)
        assert.deepEqual(reference, [{ name: 'GET', kind: 1, route: null, type: null }], `express@${major}`)
        assert.deepEqual(await spans(esm, `edition ${major}`, false), reference)
      })
    }
  }

  for (const program of [...find('ristretto', 'commonjs'), ...find('ristretto', 'esm')]) {
    it(`runs ${program.name} on ristretto: the spans of express@4 with the CommonJS set-up for the editions`, async () => {
      assert.ok(commonjs, 'the set-up for the editions')
      const own = await spans(program, 'ristretto')
      assertRouteSpans(own, 'ristretto')
      assert.deepEqual(own, await spans(commonjs, 'express@4'))
    })
  }
})
