// One edition as users get it: its tarball installed as `express` with a plain `npm install`,
// beside middleware that declares Express as a peer and an older @types/node, then compared with
// the real Express of that line installed the same way in a second project.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { packAll, scratchProject, requestScript, typecheck, type Packed, type Scratch, type RunResult } from './support'
import { EDITION_APP_TS, ESM_SCRIPT, FRAMES_SCRIPT, LIB_SCRIPT, LOADED_SCRIPT, TSCONFIG } from './cases'

export interface EditionCase {
  major: 4 | 5
  /** The real Express to compare with, as npm takes it (`express@^4.22.3`). */
  express: string
  /** Middleware that declares `express` as a peer, and other packages, as npm takes them. */
  peers: readonly string[]
  others: readonly string[]
  /** A CommonJS module exporting the app, using the peers. */
  app: string
  requests: Parameters<typeof requestScript>[1]
  headers: readonly string[]
  /** Express's module paths of that line (`lib/router/layer`). */
  libPaths: readonly string[]
  /** A route path with an `id` parameter in the line's syntax. */
  userPath: string
  /**
   * Packages of Express's tree that tools hook by name and path (Express 5's `router`), each
   * with the files of it `require('express')` loads that they hook.
   */
  hookedPackages: Readonly<Record<string, readonly string[]>>
}

export function describeEdition (c: EditionCase): void {
  describe(`the Express ${c.major} edition installed as express`, () => {
    let packed: Packed
    let edition: Scratch
    let reference: Scratch
    let installed: RunResult

    before(() => {
      packed = packAll()
      edition = scratchProject(`edition${c.major}`)
      reference = scratchProject(`express${c.major}`)
      installed = edition.install(`express@file:${packed.edition(c.major)}`, ...c.peers, ...c.others)
      const ref = reference.install(c.express, ...c.peers, ...c.others)
      assert.equal(ref.status, 0, `${c.express} did not install:\n${ref.stderr}`)
      for (const project of [edition, reference]) {
        project.write('app.js', c.app)
        project.write('run.js', requestScript('./app', c.requests, c.headers))
        project.write('esm.mjs', ESM_SCRIPT)
        project.write('lib.js', LIB_SCRIPT(c.libPaths))
        project.write('loaded.js', LOADED_SCRIPT(c.hookedPackages))
        project.write('frames.js', FRAMES_SCRIPT)
        project.write('tsconfig.json', TSCONFIG)
        project.write('app.ts', EDITION_APP_TS(JSON.stringify(c.userPath)))
      }
    })
    after(() => {
      packed?.remove()
      edition?.remove()
      reference?.remove()
    })

    it('installs with a plain npm install beside middleware that declares express as a peer', () => {
      assert.equal(installed.status, 0, `npm install failed:\n${installed.stderr}`)
      assert.doesNotMatch(installed.stderr, /ERESOLVE|peer dep/i)
      const manifest = JSON.parse(edition.node('-p', "JSON.stringify(require('express/package.json'))"))
      assert.equal(manifest.name, 'ristretto-express')
      assert.match(manifest.version, new RegExp(`^${c.major}\\.\\d+\\.\\d+$`))
      assert.equal(manifest.peerDependencies, undefined)
    })

    it('lists a valid tree, peers included (npm ls)', () => {
      const r = edition.npm('ls', '--all')
      assert.equal(r.status, 0, `${r.stdout}${r.stderr}`)
      assert.doesNotMatch(r.stdout, /invalid|UNMET (?!OPTIONAL)/)
    })

    it(`serves what ${c.express} serves through the same middleware`, () => {
      // The seconds a rate limit has left depend on when each run started: a loaded machine can
      // cross a second's boundary in one run and not in the other.
      const seconds = (out: string): string => out.replace(/reset=\d+/g, 'reset=N')
      assert.equal(seconds(edition.node('run.js')), seconds(reference.node('run.js')))
    })

    it(`gives its names to ES module imports, as ${c.express}`, () => {
      assert.equal(edition.node('esm.mjs'), reference.node('esm.mjs'))
    })

    it(`has Express ${c.major}'s module paths as files`, () => {
      assert.equal(edition.node('lib.js'), reference.node('lib.js'))
    })

    it(`loads ${c.express}'s module files and the packages tools hook, at their versions, as ${c.express} does`, () => {
      assert.equal(edition.node('loaded.js'), reference.node('loaded.js'))
    })

    it(`runs handlers through stack frames named as ${c.express}'s layer methods`, () => {
      assert.equal(edition.node('frames.js'), reference.node('frames.js'))
    })

    it(`compiles code typed against @types/express ${c.major} and express-serve-static-core, skipLibCheck off`, () => {
      assert.equal(typecheck(reference.dir), '', `the case compiles against ${c.express}`)
      assert.equal(typecheck(edition.dir), '')
    })
  })
}
