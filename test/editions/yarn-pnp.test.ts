// Each edition installed as `express` with Yarn 4 and Plug'n'Play, as users do: Yarn from the
// registry (@yarnpkg/cli-dist 4, run with node), `yarn add express@file:<tarball>` by its path
// from the project, the app run with `yarn node`. The app (routes with parameters, a Router with
// mergeParams, res.json, a body, the 404 page) answers as the same app on the same edition
// installed with npm: status, the headers compared and the body of each request.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { discard, packAllAsync, requestScript, run, scratchProject, type Packed, type RunResult, type Scratch } from './support'

const MAJORS = [4, 5] as const
type Major = typeof MAJORS[number]

/** An app in the syntax both Express lines share. */
const APP = `
const express = require('express')
const app = express()
const items = express.Router({ mergeParams: true })
items.get('/', (req, res) => res.json({ store: req.params.store, items: [] }))
items.get('/:id', (req, res) => res.json({ store: req.params.store, id: req.params.id, query: req.query }))
app.use('/stores/:store/items', items)
app.get('/hello/:name', (req, res) => res.send('hello ' + req.params.name))
app.post('/echo', express.json(), (req, res) => res.status(201).json(req.body))
module.exports = app
`

const REQUESTS = [
  { path: '/stores/north/items/7?color=red' },
  { path: '/stores/north/items' },
  { path: '/hello/ann' },
  { method: 'POST', path: '/echo', body: '{"a":[1,2]}', type: 'application/json' },
  { path: '/missing' }
]

const HEADERS = ['content-type', 'content-length', 'etag', 'x-powered-by', 'content-security-policy', 'x-content-type-options']

/** One edition's two projects and what their installs gave. */
interface Installed { pnp: Scratch, npm: Scratch, yarnAdd: RunResult, npmInstall: RunResult }

describe('the editions installed as express with Yarn 4 Plug\'n\'Play', () => {
  const tools = scratchProject('yarn-cli')
  const yarnJs = path.join(tools.dir, 'node_modules', '@yarnpkg', 'cli-dist', 'bin', 'yarn.js')
  const registry = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout.trim().replace(/\/$/, '')
  /** Yarn's settings: Plug'n'Play, the project's own cache, the registry npm uses, nothing asked or sent. */
  const yarnEnv: NodeJS.ProcessEnv = {
    YARN_NODE_LINKER: 'pnp',
    YARN_ENABLE_GLOBAL_CACHE: '0',
    YARN_GLOBAL_FOLDER: path.join(tools.dir, 'yarn-global'),
    YARN_NPM_REGISTRY_SERVER: registry,
    YARN_ENABLE_TELEMETRY: '0',
    YARN_ENABLE_IMMUTABLE_INSTALLS: '0',
    YARN_ENABLE_PROGRESS_BARS: '0'
  }
  let packed: Packed | undefined
  let yarnInstall: RunResult | undefined
  const installed = new Map<Major, Installed>()

  /** `yarn ARGS` in a project, Yarn run with node (the environment as the npm projects'); the result, whatever the exit code. */
  const yarn = async (project: Scratch, ...args: string[]): Promise<RunResult> =>
    await run(process.execPath, [yarnJs, ...args], { cwd: project.dir, env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', ...yarnEnv }, timeout: 150_000 })

  before(async () => {
    // The tarballs pack while Yarn installs.
    const packing = packAllAsync()
    yarnInstall = await tools.npmAsync('install', '@yarnpkg/cli-dist@4')
    packed = await packing
    const tarballs = packed
    await Promise.all(MAJORS.map(async (major) => {
      const pnp = scratchProject(`pnp${major}`)
      const npm = scratchProject(`pnp-reference${major}`)
      // A lockfile makes the folder a project of its own, whatever holds it.
      pnp.write('yarn.lock', '')
      const tarball = (project: Scratch): string => `file:${path.relative(project.dir, tarballs.edition(major)).split(path.sep).join('/')}`
      const [yarnAdd, npmInstall] = await Promise.all([yarn(pnp, 'add', `express@${tarball(pnp)}`), npm.npmAsync('install', `express@${tarball(npm)}`)])
      for (const project of [pnp, npm]) {
        project.write('app.js', APP)
        project.write('run.js', requestScript('./app', REQUESTS, HEADERS))
      }
      installed.set(major, { pnp, npm, yarnAdd, npmInstall })
    }))
  })
  after(() => {
    packed?.remove()
    for (const { pnp, npm } of installed.values()) {
      pnp.remove()
      discard(npm.dir)
    }
    tools.remove()
  })

  it('gets Yarn 4 from the registry', async () => {
    assert.equal(yarnInstall?.status, 0, `npm install @yarnpkg/cli-dist@4:\n${yarnInstall?.stderr}`)
    const version = await yarn(tools, '--version')
    assert.match(version.stdout.trim(), /^4\.\d+\.\d+$/, version.stderr)
  })

  for (const major of MAJORS) {
    /** The edition's projects, once both installed. */
    const projects = (): Installed => {
      const found = installed.get(major)
      assert.ok(found, `the projects of the Express ${major} edition were not made`)
      assert.equal(found.yarnAdd.status, 0, `yarn add:\n${found.yarnAdd.stdout}${found.yarnAdd.stderr}`)
      assert.equal(found.npmInstall.status, 0, `npm install:\n${found.npmInstall.stderr}`)
      return found
    }

    it(`Express ${major} edition: yarn add installs it under Plug'n'Play (.pnp.cjs, no node_modules/express)`, async () => {
      const { pnp } = projects()
      assert.ok(fs.existsSync(path.join(pnp.dir, '.pnp.cjs')), 'no .pnp.cjs')
      assert.ok(!fs.existsSync(path.join(pnp.dir, 'node_modules', 'express')), 'node_modules/express exists')
      const manifest = await yarn(pnp, 'node', '-p', "const m = require('express/package.json'); m.name + '@' + m.version")
      assert.equal(manifest.status, 0, manifest.stderr)
      assert.match(manifest.stdout.trim(), new RegExp(`^ristretto-express@${major}\\.\\d+\\.\\d+$`))
    })

    it(`Express ${major} edition: the app under yarn node answers as under npm`, async () => {
      const { pnp, npm } = projects()
      const [underYarn, underNpm] = await Promise.all([yarn(pnp, 'node', 'run.js'), npm.nodeAsync('run.js')])
      assert.equal(underNpm.status, 0, `node run.js (npm):\n${underNpm.stderr}`)
      assert.equal(underYarn.status, 0, `yarn node run.js:\n${underYarn.stderr}`)
      const responses = underNpm.stdout.trim().split('\n').map((line) => JSON.parse(line) as { status: number })
      assert.deepEqual(responses.map((r) => r.status), [200, 200, 200, 201, 404])
      assert.equal(underYarn.stdout, underNpm.stdout)
    })
  }
})
