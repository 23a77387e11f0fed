// Each form of test/observability loads what it names: the Express-named ones resolve
// `require('express')` in their folder to Express or to an edition, at the version of its line.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { prepareForms, APP_FIXTURE } from './forms'

test('every form loads its framework and serves the fixture app', async () => {
  const forms = prepareForms()
  try {
    const script = `
      const { createApp, drive } = require(${JSON.stringify(APP_FIXTURE)})
      const framework = require(process.argv[2])
      const pkg = process.argv[3] === 'true' ? require('express/package.json') : undefined
      drive(createApp(framework)).then((lines) => console.log(JSON.stringify({ version: pkg && pkg.version, main: pkg && require.resolve('express'), lines })))
    `
    forms.write('drive.cjs', script)
    const seen = new Map<string, unknown>()
    for (const form of forms.forms) {
      const r = spawnSync(process.execPath, ['drive.cjs', form.module, String(form.express)], { cwd: form.dir, encoding: 'utf8', timeout: 30_000 })
      assert.equal(r.status, 0, `${form.name}: ${r.stderr}`)
      const out = JSON.parse(r.stdout) as { version?: string, main?: string, lines: string[] }
      if (form.express) {
        assert.equal(out.version!.split('.')[0], String(form.major), `${form.name}: version ${out.version}`)
        assert.ok(out.main!.startsWith(form.module), `${form.name}: express resolves to ${out.main}`)
      }
      seen.set(form.name, out.lines)
    }
    for (const form of forms.forms) assert.deepEqual(seen.get(form.name), seen.get(form.major === 4 ? 'express@4' : 'express@5'), form.name)
  } finally {
    forms.remove()
  }
})
