// `npm ci` and `npm install` of this repository print no engine or deprecation warning on the
// Node 20 line package.json promises: every package the lockfile installs on all platforms accepts those versions, and
// none is deprecated. (npm skips an optional package whose engines refuse the running Node
// without a word, so optional ones are left out, as npm leaves them out.)
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../support/built-package'

const semver: { satisfies (version: string, range: string): boolean } = require('semver')

interface LockedPackage {
  version?: string
  engines?: { node?: string } | string[]
  optional?: boolean
  deprecated?: string
}

const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> }
const installed = Object.entries(lock.packages).filter(([where, pkg]) => where !== '' && !pkg.optional)

/** 20.6, the first 20 the OpenTelemetry packages take; the current 20. */
const NODE_VERSIONS = ['20.6.0', '20.20.2']

function nodeRange (pkg: LockedPackage): string | undefined {
  return pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined
}

describe('quiet install: package-lock.json', () => {
  it('reads the lockfile', () => {
    assert.ok(installed.length > 100, `${installed.length} packages`)
    assert.ok(installed.some(([where]) => where === 'node_modules/express'))
  })

  for (const version of NODE_VERSIONS) {
    it(`installs only packages whose engines accept Node ${version}`, () => {
      const refusing = installed
        .filter(([, pkg]) => nodeRange(pkg) !== undefined && !semver.satisfies(version, nodeRange(pkg)!))
        .map(([where, pkg]) => `${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants node ${nodeRange(pkg)}`)
      assert.deepEqual(refusing, [])
    })
  }

  it('installs no deprecated package', () => {
    const deprecated = installed.filter(([, pkg]) => pkg.deprecated !== undefined).map(([where, pkg]) => `${where}: ${pkg.deprecated}`)
    assert.deepEqual(deprecated, [])
  })

  it('accepts the Node versions package.json promises', () => {
    const root = lock.packages['']
    assert.ok(nodeRange(root))
    for (const version of NODE_VERSIONS) assert.ok(semver.satisfies(version, nodeRange(root)!), version)
  })
})
