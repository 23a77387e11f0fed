// The forms in which an app loads an Express-shaped framework, as an agent meets them: the real
// Express of each line, Ristretto's editions installed under Express's name, and Ristretto under
// its own name. Agents hook a module by the package name in its path (`node_modules/express/…`)
// and the version in its package.json, so each Express-named form is a folder holding
// `node_modules/express`, placed under the project's node_modules/ so that its dependencies
// resolve to the project's installed packages.
import { spawnSync } from 'node:child_process'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../support/built-package'
import { packAll } from '../editions/support'

export type FormName = 'express@4' | 'express@5' | 'edition 4' | 'edition 5' | 'ristretto' | 'ristretto/presets/express5'

export interface Form {
  name: FormName
  /** The Express line whose behaviour the form is to show. */
  major: 4 | 5
  /** A folder to run scripts in: `require('express')` there loads the form when `express` is true. */
  dir: string
  /** What to pass to `require` for the framework (an absolute path). */
  module: string
  /** Installed under Express's name (agents that hook `express` by name see it). */
  express: boolean
}

export interface Forms {
  forms: Form[]
  get (name: FormName): Form
  /** Writes a file into every form's folder (a runner script, say). */
  write (file: string, text: string): void
  remove (): void
}

/** Copies a folder (symbolic links as links). */
function copyDir (from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true })
}

/**
 * Builds every form once: packs the editions (the build made once for the run) and places each
 * Express-named form in its own folder under node_modules/.observability-<pid>/.
 */
export function prepareForms (): Forms {
  const base = path.join(ROOT, 'node_modules', `.observability-${process.pid}`)
  fs.rmSync(base, { recursive: true, force: true })
  fs.mkdirSync(base, { recursive: true })
  const packed = packAll()
  const forms: Form[] = []
  try {
    const place = (name: FormName, major: 4 | 5, fill: (target: string) => void): void => {
      const dir = path.join(base, name.replace(/[^a-z0-9]+/gi, '-'))
      const target = path.join(dir, 'node_modules', 'express')
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fill(target)
      forms.push({ name, major, dir, module: target, express: true })
    }
    place('express@4', 4, (target) => copyDir(path.join(ROOT, 'node_modules', 'express'), target))
    place('express@5', 5, (target) => copyDir(path.join(ROOT, 'node_modules', 'express-5'), target))
    for (const major of [4, 5] as const) {
      place(`edition ${major}`, major, (target) => {
        const r = spawnSync('tar', ['-xzf', packed.edition(major), '-C', path.dirname(target)], { encoding: 'utf8' })
        assert.equal(r.status, 0, r.stderr)
        fs.renameSync(path.join(path.dirname(target), 'package'), target)
      })
    }
    for (const [name, major, entry] of [['ristretto', 4, 'dist/presets/default.js'], ['ristretto/presets/express5', 5, 'dist/presets/express5.js']] as const) {
      const dir = path.join(base, name.replace(/[^a-z0-9]+/gi, '-'))
      fs.mkdirSync(dir, { recursive: true })
      forms.push({ name, major, dir, module: path.join(ROOT, entry), express: false })
    }
  } finally {
    packed.remove()
  }
  for (const form of forms.filter((f) => f.express)) {
    const { version } = JSON.parse(fs.readFileSync(path.join(form.module, 'package.json'), 'utf8')) as { version: string }
    assert.equal(version.split('.')[0], String(form.major), `${form.name}: version ${version}`)
  }
  return {
    forms,
    get (name) {
      const found = forms.find((form) => form.name === name)
      assert.ok(found, `no form ${name}`)
      return found
    },
    write (file, text) {
      for (const form of forms) fs.writeFileSync(path.join(form.dir, file), text)
    },
    remove () { fs.rmSync(base, { recursive: true, force: true }) }
  }
}

/** The fixture app's module (createApp, requests, drive), for runner scripts to require. */
export const APP_FIXTURE = path.join(__dirname, 'fixtures', 'app.cjs')
