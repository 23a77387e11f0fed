// The shipped declarations under one TypeScript major, beside Express 4's: a one-route app
// compiled against the packed package and against express@4 with @types/express, under each
// module setting, with `types` set to ['node'] and left unset, `strict` on, `skipLibCheck` off and
// no `target` (the compiler's default). Ristretto's projects also import every subpath of the
// package. Ristretto gives no more errors than Express in any of them, and so none where Express
// gives none.
// Each compiler is the package of its own folder (test/types/typescript/<major>), and the
// reference is that of test/types/typescript/express-4 (with the @types/node both apps get), each
// installed on first use with its own lock. The packed package sits in the Ristretto consumers'
// node_modules beside its dependencies (ours) and that @types/node, and nothing else: no
// @types/express-serve-static-core, which would bring @types/node along. Errors are counted as tsc
// reports them, but for those inside TypeScript's own libraries and @types/node, which neither
// package ships.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { fork, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isolatedPackages } from '../../../bench/lib/isolated-packages'
import { ROOT, ensureBuilt } from '../../support/built-package'
import { ENVIRONMENT, commonjsFile, entries, esmFile, write, type Entry } from '../support'

const HERE = path.join(ROOT, 'test', 'types', 'typescript')
const REFERENCE = path.join(HERE, 'express-4')
const WORKER = path.join(HERE, 'compile-worker.ts')
const REGISTER_TS = path.join(ROOT, 'test', 'support', 'register-ts.cjs')
/** Compilers run at once, each on one thread. */
const CONCURRENCY = Math.min(2, os.availableParallelism())
/** A line of tsc's output that opens a diagnostic (continuation lines are indented). */
const DIAGNOSTIC = /^(?:(.+?)\(\d+,\d+\): )?error TS\d+:/

/** The one-route app: `import express from …`, or CommonJS's `import express = require(…)`. */
function app (specifier: string, form: 'import' | 'require'): string {
  return [
    form === 'import' ? `import express from '${specifier}'` : `import express = require('${specifier}')`,
    '',
    'const app = express()',
    'app.use(express.json())',
    "app.get('/users/:id', (req, res) => {",
    '  res.json({ id: req.params.id })',
    '})',
    'app.listen(3000)',
    ''
  ].join('\n')
}

interface Setting {
  name: string
  options: Record<string, string>
  /** The project's files by relative path: the app of `specifier`; with `list`, files importing each of those subpaths. */
  files: (specifier: string, list?: Entry[]) => Record<string, string>
}

/** node16 and nodenext: a CommonJS folder and an ES module folder. */
function nodeFiles (specifier: string, list?: Entry[]): Record<string, string> {
  return {
    'cjs/package.json': JSON.stringify({ type: 'commonjs' }),
    'cjs/app.ts': app(specifier, 'import'),
    'cjs/required.ts': app(specifier, 'require'),
    'esm/package.json': JSON.stringify({ type: 'module' }),
    'esm/app.ts': app(specifier, 'import'),
    ...(list && { 'cjs/subpaths.ts': commonjsFile(list, true), 'esm/subpaths.ts': esmFile(list) })
  }
}

const SETTINGS: readonly Setting[] = [
  {
    // Resolved as each compiler resolves it by default: node10 in 5.x, bundler from 6.0 on.
    name: 'commonjs',
    options: { module: 'commonjs' },
    files: (specifier, list) => ({
      'app.ts': app(specifier, 'import'),
      'required.ts': app(specifier, 'require'),
      ...(list && { 'subpaths.ts': commonjsFile(list, false) })
    })
  },
  { name: 'node16', options: { module: 'node16', moduleResolution: 'node16' }, files: nodeFiles },
  { name: 'nodenext', options: { module: 'nodenext', moduleResolution: 'nodenext' }, files: nodeFiles },
  {
    name: 'bundler (esnext)',
    options: { module: 'esnext', moduleResolution: 'bundler' },
    files: (specifier, list) => ({
      'app.ts': app(specifier, 'import'),
      ...(list && { 'subpaths.ts': esmFile(list) })
    })
  },
  {
    name: 'bundler (preserve)',
    options: { module: 'preserve', moduleResolution: 'bundler' },
    files: (specifier, list) => ({
      'app.ts': app(specifier, 'import'),
      'required.ts': app(specifier, 'require'),
      ...(list && { 'subpaths.ts': esmFile(list), 'subpaths-required.ts': commonjsFile(list, false) })
    })
  }
]

const PACKAGES = ['ristretto', 'express'] as const
type Package = typeof PACKAGES[number]

/** How a project's `types` reads: ['node'], or unset (each compiler's default). */
const TYPES = [true, false] as const

function typesLabel (types: boolean): string {
  return types ? "types ['node']" : 'types unset'
}

function projectDir (base: string, pkg: Package, setting: Setting, types: boolean): string {
  return path.join(base, pkg, `${setting.name.replace(/\W+/g, '-').replace(/-$/, '')}-${types ? 'types' : 'no-types'}`)
}

/** The errors in tsc's output: where each is and its code (`app.ts TS1259`). */
function errors (output: string): string[] {
  return output.split('\n').flatMap((line) => {
    const match = DIAGNOSTIC.exec(line)
    return match ? [`${match[1] ?? ''} ${/TS\d+/.exec(line)![0]}`.trim()] : []
  })
}

/** The number of errors in tsc's output. */
function errorCount (output: string): number {
  return errors(output).length
}

/** A count of errors with where they are and their codes: `3 (app.ts TS1259, app.ts TS7006 ×2)`. */
function summary (output: string): string {
  const counts = new Map<string, number>()
  for (const error of errors(output)) counts.set(error, (counts.get(error) ?? 0) + 1)
  const list = [...counts].map(([error, n]) => n > 1 ? `${error} ×${n}` : error)
  return list.length === 0 ? '0' : `${errorCount(output)} (${list.join(', ')})`
}

/** tsc's output (run in `cwd`) without the diagnostics of files of the environment or of the compiler in `compilerDir`. */
function withoutEnvironment (output: string, cwd: string, compilerDir: string): string {
  const blocks: string[][] = []
  for (const line of output.split('\n')) {
    if (DIAGNOSTIC.test(line) || blocks.length === 0) blocks.push([line])
    else if (/^\s/.test(line)) blocks[blocks.length - 1]!.push(line)
    else blocks.push([line])
  }
  return blocks.filter((block) => {
    const file = DIAGNOSTIC.exec(block[0]!)?.[1]
    if (file === undefined) return block.join('').trim() !== ''
    const absolute = path.resolve(cwd, file)
    return !ENVIRONMENT.test(absolute) && !absolute.startsWith(compilerDir + path.sep)
  }).map((block) => block.join('\n') + '\n').join('')
}

/** Runs tsc (its bin script, `args`) in `cwd` to its end; its output, failing unless it ran to a verdict. */
function tsc (bin: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { output += chunk })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { output += chunk })
    child.on('error', reject)
    child.on('close', (code) => {
      // 0: no errors; otherwise the errors are in the output.
      if (code === 0 || errorCount(output) > 0) resolve(output)
      else reject(new Error(`tsc ${args.join(' ')} exited with ${code}:\n${output}`))
    })
  })
}

/**
 * Compiles each project (its tsconfig.json) with the TypeScript installed in `compilerDir`,
 * `CONCURRENCY` at a time; each project's errors, as `consumerCompiler` reports them. `groups`
 * are projects of the same settings. A compiler with an API (5, 6) compiles in worker processes,
 * a group in one of them, which shares the declarations it parses across the group's projects;
 * one without (7) runs as tsc, single-threaded.
 */
async function compileAll (compilerDir: string, groups: ReadonlyArray<readonly string[]>): Promise<Map<string, string>> {
  const results = new Map<string, string>()
  const typescript = path.join(compilerDir, 'node_modules', 'typescript')
  if (fs.existsSync(path.join(typescript, 'lib', 'typescript.js'))) {
    const pending = [...groups]
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, () => new Promise<void>((resolve, reject) => {
      const child = fork(WORKER, [typescript], { execArgv: ['--require', REGISTER_TS], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
      let group: string[] = []
      const next = (): void => {
        if (group.length === 0) group = [...pending.shift() ?? []]
        const configFile = group.shift()
        if (configFile === undefined) child.disconnect()
        else child.send(configFile)
      }
      // The first job goes once the process listens (it says so), each next one with an answer.
      child.on('message', (message: { ready: true } | { configFile: string, text: string }) => {
        if ('configFile' in message) results.set(message.configFile, message.text)
        next()
      })
      child.on('error', reject)
      child.on('exit', (code) => { if (code === 0) resolve(); else reject(new Error(`the compiler process exited with ${code}`)) })
    })))
  } else {
    const bin = path.join(typescript, 'bin', 'tsc')
    const queue = groups.flat()
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let configFile = queue.shift(); configFile !== undefined; configFile = queue.shift()) {
        const cwd = path.dirname(configFile)
        const output = await tsc(bin, ['-p', configFile, '--pretty', 'false', '--singleThreaded'], cwd)
        results.set(configFile, withoutEnvironment(output, cwd, compilerDir))
      }
    }))
  }
  return results
}

/** `npm pack` of the package (its build) into `dir`; the tarball's path. */
function pack (dir: string): string {
  const r = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir, ROOT], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  assert.equal(r.status, 0, `npm pack failed:\n${r.stdout}${r.stderr}`)
  const [{ filename }] = JSON.parse(r.stdout) as Array<{ filename: string }>
  return path.join(dir, filename)
}

/** Links `target` at `link`, making the folder. */
function link (target: string, link: string): void {
  assert.ok(fs.existsSync(target), `${target} is not installed`)
  fs.mkdirSync(path.dirname(link), { recursive: true })
  fs.symlinkSync(target, link, 'dir')
}

/** The suite of one TypeScript major, installed in test/types/typescript/<major>. */
export function describeTypeScript (major: number): void {
  const compilerDir = path.join(HERE, String(major))

  describe(`TypeScript ${major}: a one-route app on the packed package and on express@4 with @types/express`, () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `ristretto-typescript-${major}-`))
    let version = ''
    let results = new Map<string, string>()

    before(async () => {
      ensureBuilt()
      isolatedPackages(compilerDir)
      const reference = isolatedPackages(REFERENCE).nodeModules
      version = (JSON.parse(fs.readFileSync(path.join(compilerDir, 'node_modules', 'typescript', 'package.json'), 'utf8')) as { version: string }).version

      // Ristretto's consumers: the packed package, its dependencies and @types/node.
      const modules = path.join(tmp, 'ristretto', 'node_modules')
      fs.mkdirSync(modules, { recursive: true })
      const tarball = pack(tmp)
      const untar = spawnSync('tar', ['-xzf', tarball, '-C', tmp], { encoding: 'utf8' })
      assert.equal(untar.status, 0, untar.stderr)
      fs.renameSync(path.join(tmp, 'package'), path.join(modules, 'ristretto'))
      const manifest = JSON.parse(fs.readFileSync(path.join(modules, 'ristretto', 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
      for (const name of Object.keys(manifest.dependencies)) link(path.join(ROOT, 'node_modules', name), path.join(modules, name))
      link(path.join(reference, '@types', 'node'), path.join(modules, '@types', 'node'))
      // Express's consumers: the reference, as installed.
      link(reference, path.join(tmp, 'express', 'node_modules'))

      const list = entries()
      const groups: string[][] = []
      for (const setting of SETTINGS) {
        const group: string[] = []
        for (const pkg of PACKAGES) {
          for (const types of TYPES) {
            const dir = projectDir(tmp, pkg, setting, types)
            // Every subpath once per setting, with `types` unset: setting it only adds @types/node, which they reference.
            const files = pkg === 'ristretto' ? setting.files('ristretto', types ? undefined : list) : setting.files('express')
            for (const [file, text] of Object.entries(files)) write(path.join(dir, file), text)
            write(path.join(dir, 'tsconfig.json'), JSON.stringify({
              compilerOptions: { ...setting.options, ...(types && { types: ['node'] }), strict: true, skipLibCheck: false, noEmit: true },
              include: Object.keys(files).filter((file) => file.endsWith('.ts'))
            }, null, 2))
            group.push(path.join(dir, 'tsconfig.json'))
          }
        }
        groups.push(group)
      }
      results = await compileAll(compilerDir, groups)
    })

    after(() => {
      fs.rmSync(tmp, { recursive: true, force: true })
    })

    it(`installs TypeScript ${major}`, () => {
      assert.equal(version.split('.')[0], String(major))
    })

    for (const setting of SETTINGS) {
      for (const types of TYPES) {
        it(`${setting.name}, ${typesLabel(types)}: no more errors than Express`, (t) => {
          const [ours, theirs] = PACKAGES.map((pkg) => results.get(path.join(projectDir(tmp, pkg, setting, types), 'tsconfig.json')))
          assert.ok(ours !== undefined && theirs !== undefined, 'not compiled')
          const [count, reference] = [errorCount(ours), errorCount(theirs)]
          t.diagnostic(`TypeScript ${version}, ${setting.name}, ${typesLabel(types)}: ristretto ${summary(ours)}, express ${summary(theirs)}`)
          assert.ok(count <= reference, `ristretto: ${count} errors, express: ${reference}\n--- ristretto\n${ours.split(tmp).join('<tmp>')}--- express\n${theirs.split(tmp).join('<tmp>')}`)
        })
      }
    }
  })
}
