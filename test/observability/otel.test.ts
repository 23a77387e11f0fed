// OpenTelemetry (instrumentation-express 0.71 and instrumentation-http 0.213, spans kept in memory)
// records an edition installed under Express's name as it records the real Express of its line:
// the same spans, kinds, parents, attributes, statuses and exception events for the same requests.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { mask, type Recorded, type RecordedSpan } from './otel-spans'
import { prepareForms, type Form, type FormName } from './forms'

const RUNNER = path.join(__dirname, 'fixtures', 'otel-runner.cjs')
/** The fixture app (shared), and a wider one: the framework's own middleware, sub-apps, params, `next('route')`… */
const APPS = { fixture: path.join(__dirname, 'fixtures', 'app.cjs'), wider: path.join(__dirname, 'fixtures', 'wider-app.cjs') }
type AppName = keyof typeof APPS


/** Runs the runner in the form's folder (a process of its own: the agent is set up before the framework is required). */
function record (form: Form, app: AppName): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, form.module, APPS[app], String(form.major)], { cwd: form.dir, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    const timer = setTimeout(() => child.kill(), 60_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code !== 0) reject(new Error(`${form.name}, ${app} app: exit ${code}\n${stderr}`))
      else resolve(JSON.parse(stdout) as Recorded)
    })
  })
}


test('OpenTelemetry records each edition under Express\'s name as the real Express of its line', async (t) => {
  const forms = prepareForms()
  try {
    // Every form records the fixture app; the Express-named ones, the wider app too.
    const runs = forms.forms.flatMap((form) => (form.express ? ['fixture', 'wider'] as const : ['fixture'] as const).map((app) => ({ form, app })))
    const recorded = new Map<string, Recorded>()
    // Two at a time: the machine's cores, and each run waits on its own sockets.
    await Promise.all([0, 1].map(async () => {
      for (let run = runs.shift(); run; run = runs.shift()) recorded.set(`${run.form.name} ${run.app}`, await record(run.form, run.app))
    }))
    const got = (name: FormName, app: AppName): Recorded => recorded.get(`${name} ${app}`)!
    const spans = (name: FormName, app: AppName): RecordedSpan[] => mask(got(name, app).spans) as RecordedSpan[]
    for (const form of forms.forms) {
      for (const app of form.express ? ['fixture', 'wider'] as const : ['fixture'] as const) {
        t.diagnostic(`${form.name}, ${app} app: ${got(form.name, app).spans.length} spans`)
        assert.deepEqual(got(form.name, app).lines, got(`express@${form.major}`, app).lines, `${form.name}, ${app} app: responses`)
      }
    }
    for (const app of ['fixture', 'wider'] as const) {
      for (const major of [4, 5] as const) {
        await t.test(`edition ${major} against express@${major}, ${app} app`, () => {
          const reference = spans(`express@${major}`, app)
          // The reference is hooked: router spans and exception events beside the requests' server spans.
          assert.ok(reference.some((span) => span.attributes['express.type'] === 'router'), 'no router span')
          assert.ok(reference.some((span) => span.events.length > 0), 'no exception event')
          assert.deepEqual(spans(`edition ${major}`, app), reference)
        })
      }
    }
    // Under its own name the framework is not hooked (the agent hooks `express` only): each
    // request gives its server span, and nothing else is asserted of what it records.
    for (const name of ['ristretto', 'ristretto/presets/express5'] as const) {
      await t.test(`${name}: one server span per request`, () => {
        const servers = spans(name, 'fixture').filter((span) => span.kind === 1)
        assert.equal(servers.length, got(name, 'fixture').lines.length)
      })
    }
  } finally {
    forms.remove()
  }
})
