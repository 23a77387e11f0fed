// The README's Install section names the tarballs `npm run pack:all` writes and the versions the
// packages have: the file names in its commands and its table follow package.json and
// editions/*/package.json. (test/editions/ installs those tarballs the way the commands do.)
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../support/built-package'

/** name and version of a package.json. */
function manifest (file: string): { name: string, version: string } {
  return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'))
}

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
const section = readme.slice(readme.indexOf('\n## Install\n'), readme.indexOf('\n## Quick start\n'))

/** ristretto, then each edition: each folder of editions/ with a package.json, as pack:all packs them. */
const editions = fs.readdirSync(path.join(ROOT, 'editions')).sort().filter((line) => fs.existsSync(path.join(ROOT, 'editions', line, 'package.json')))
const packages = [manifest('package.json'), ...editions.map((line) => manifest(`editions/${line}/package.json`))]

describe('README: Install', () => {
  it('has the section', () => {
    assert.ok(section.length > 100)
  })

  it('installs exactly the tarballs pack:all writes', () => {
    const named = [...section.matchAll(/ristretto-packages\/([\w.-]+\.tgz)/g)].map((m) => m[1])
    assert.deepEqual(named, packages.map((p) => `${p.name}-${p.version}.tgz`))
  })

  it('gives each package its version in the table', () => {
    for (const p of packages) assert.match(section, new RegExp(`\\| \`${p.name}\` \\| ${p.version.replace(/\./g, '\\.')} \\|`), `${p.name} ${p.version}`)
  })
})
