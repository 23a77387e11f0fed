import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
// eslint-disable-next-line @typescript-eslint/no-require-imports -- semver has no types installed
const semver = require('semver') as { minVersion (range: string): { major: number, version: string } | null, gte (a: string | { version: string }, b: string | { version: string }): boolean }
import { ROOT } from '../support/built-package'

// What a user installs with Ristretto is never older than what Express installs: every package
// Ristretto depends on that express@4 or express@5 depends on too is asked for at the same version
// or newer, and the lockfile has it at the version npm gives Express or newer. And `npm audit`
// finds nothing in what Ristretto installs.

interface Manifest { name: string, version: string, dependencies?: Record<string, string> }
interface Lock { packages: Record<string, { version?: string, dependencies?: Record<string, string> }> }

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lock

/** The version the lockfile installs for `name` as a dependency of the package at `from` ('' for the project). */
function lockedVersion (from: string, name: string): string | undefined {
  // npm's lookup: the package's own node_modules, then each folder above it.
  for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const entry = lock.packages[dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`]
    if (entry?.version) return entry.version
    if (dir === '') return undefined
  }
}

/** The package a lock entry installs under `folder` (an alias like `express-5` names `express`). */
function realName (folder: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as Manifest
  return `${pkg.name}@${pkg.version}`
}

/**
 * The dependency of Ristretto's that stands for Express's `name@range`: `name` itself, or an
 * alias of that major line (`mime-types-3` for `mime-types@^3`); undefined when Ristretto has
 * none of that line (it does what that line does itself, which the differential tests show).
 */
function counterpart (name: string, range: string): string | undefined {
  const major = semver.minVersion(range)?.major
  return [name, `${name}-${major}`].find((ours) => {
    const wanted = manifest.dependencies?.[ours]?.replace(/^npm:[^@]+@/, '')
    return wanted !== undefined && semver.minVersion(wanted)?.major === major
  })
}

/**
 * Packages both Expresses use on one major line but at different minors, where Ristretto keeps
 * Express 4's: the default preset must do what express@4 does with them.
 */
const EXPRESS_4_LINE: Record<string, string> = {
  'cookie-signature': 'express@4 installs 1.0.x, express@5 1.2.x (which also takes Buffer secrets); both sign string secrets alike'
}

for (const folder of ['node_modules/express', 'node_modules/express-5']) {
  describe(`dependencies shared with ${realName(folder)}`, () => {
    const express = lock.packages[folder].dependencies ?? {}
    const express4 = folder === 'node_modules/express'
    const shared = Object.keys(express).flatMap((name) => {
      if (!express4 && EXPRESS_4_LINE[name] !== undefined) return []
      const ours = counterpart(name, express[name])
      return ours === undefined ? [] : [[name, ours] as const]
    })

    it('are some (the comparison has something to compare)', () => {
      assert.ok(shared.length >= 10, shared.join(', '))
    })

    for (const [name, ours] of shared) {
      it(`${ours}: asked for at Express's lowest version or newer, and locked at Express's or newer`, () => {
        const wanted = manifest.dependencies![ours].replace(/^npm:[^@]+@/, '')
        const ourLowest = semver.minVersion(wanted)
        const theirLowest = semver.minVersion(express[name])
        assert.ok(ourLowest && theirLowest, `${wanted} / ${express[name]}`)
        assert.ok(semver.gte(ourLowest, theirLowest), `Ristretto asks for ${name}@${wanted}, Express for ${express[name]}`)
        const ourLocked = lockedVersion('', ours)
        const theirLocked = lockedVersion(folder, name)
        assert.ok(ourLocked && theirLocked)
        assert.ok(semver.gte(ourLocked, theirLocked), `the lockfile has ${name} ${ourLocked} for Ristretto, ${theirLocked} for Express`)
      })
    }
  })
}

describe('npm audit', () => {
  it('finds no advisory in what Ristretto installs (npm audit --omit=dev)', (t) => {
    const r = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '' } })
    let report: { error?: { summary?: string }, metadata?: { vulnerabilities: Record<string, number> }, vulnerabilities?: Record<string, unknown> }
    try {
      report = JSON.parse(r.stdout)
    } catch {
      assert.fail(`npm audit printed no report (exit ${r.status}):\n${r.stdout}${r.stderr}`)
    }
    if (report.error && !report.metadata) {
      // The registry has no audit service to answer (a mirror, a proxy): nothing was checked.
      t.skip(`the registry's audit endpoint answered an error: ${report.error.summary ?? JSON.stringify(report.error)}`)
      return
    }
    assert.deepEqual(Object.keys(report.vulnerabilities ?? {}), [], `npm audit --omit=dev:\n${r.stdout}`)
    assert.equal(report.metadata?.vulnerabilities.total, 0)
  })
})
