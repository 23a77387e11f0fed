// The shipped declarations as consumers compile them: every subpath of the package, imported from
// CommonJS and ES module files, under each module setting and with esModuleInterop on and off, with
// skipLibCheck off. Declarations are built into a temporary copy of the package (package.json and
// dist/, its node_modules linked to ours), which consumer projects reach through node_modules/ristretto.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { builtinModules } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(__dirname, '..', '..')
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] })

interface Entry {
  /** The specifier a consumer writes. */
  specifier: string
  /** The source behind it, relative to the project root. */
  source: string
}

function sources (dir: string): string[] {
  return fs.readdirSync(path.join(root, dir))
    .filter((name) => /\.ts$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => name.slice(0, -3))
    .sort()
}

/** Every subpath the package's "exports" offer, with the source each one resolves to. */
function entries (): Entry[] {
  const list: Entry[] = [
    { specifier: 'ristretto', source: 'presets/default.ts' },
    { specifier: 'ristretto/logger', source: 'plugins/logger/index.ts' },
    { specifier: 'ristretto/parser', source: 'plugins/parser/index.ts' },
    { specifier: 'ristretto/core', source: 'presets/core.ts' },
    { specifier: 'ristretto/kernel', source: 'kernel/index.ts' },
    { specifier: 'ristretto/plugins/logger/plugin', source: 'plugins/logger/plugin.ts' }
  ]
  for (const name of sources('presets')) list.push({ specifier: `ristretto/presets/${name}`, source: `presets/${name}.ts` })
  for (const name of fs.readdirSync(path.join(root, 'plugins')).sort()) {
    if (fs.existsSync(path.join(root, 'plugins', name, 'index.ts'))) {
      list.push({ specifier: `ristretto/plugins/${name}`, source: `plugins/${name}/index.ts` })
    }
  }
  for (const name of sources('presets/express-lib')) list.push({ specifier: `ristretto/lib/${name}`, source: `presets/express-lib/${name}.ts` })
  list.push({ specifier: 'ristretto/lib/router', source: 'presets/express-lib/router/index.ts' })
  for (const name of sources('presets/express-lib/router')) {
    list.push({ specifier: `ristretto/lib/router/${name}`, source: `presets/express-lib/router/${name}.ts` })
  }
  list.push({ specifier: 'ristretto/lib/application.js', source: 'presets/express-lib/application.ts' })
  list.push({ specifier: 'ristretto/lib/router/route.js', source: 'presets/express-lib/router/route.ts' })
  return list
}

function exportsAssignment (entry: Entry): boolean {
  return /^export = /m.test(fs.readFileSync(path.join(root, entry.source), 'utf8'))
}

/** `import x = require(...)` of every subpath, and the framework in use. */
function commonjsFile (list: Entry[], defaultImport: boolean): string {
  const lines = list.map((entry, i) => `import m${i} = require('${entry.specifier}')`)
  if (defaultImport) lines.push("import expressDefault from 'ristretto'", 'expressDefault().listen')
  lines.push(
    'const app = m0()',
    'app.use(m1(\'dev\'), m2.json(), m0.static(\'public\'))',
    'app.get(\'/users/:id\', (req, res) => { res.json({ id: req.params.id }) })',
    `export const loaded = [${list.map((_, i) => `m${i}`).join(', ')}]`
  )
  return lines.join('\n') + '\n'
}

/** ES imports of every subpath: default imports of `export =` modules, namespace imports of the rest. */
function esmFile (list: Entry[]): string {
  const lines = list.map((entry, i) => exportsAssignment(entry)
    ? `import m${i} from '${entry.specifier}'`
    : `import * as m${i} from '${entry.specifier}'`)
  lines.push(
    "import { Router, json, type Request, type Response, type NextFunction } from 'ristretto'",
    "import { urlencoded } from 'ristretto/parser'",
    'const app = m0()',
    'const router = Router()',
    'router.get(\'/users/:id\', (req: Request<{ id: string }>, res: Response, next: NextFunction) => { res.json({ id: req.params.id }); next() })',
    'app.use(m1(\'dev\'), json(), urlencoded({ extended: false }), m2.text(), router)',
    `export const loaded = [${list.map((_, i) => `m${i}`).join(', ')}]`
  )
  return lines.join('\n') + '\n'
}

/** `require()` from checked JavaScript. */
const requireFile = [
  '// @ts-check',
  "const express = require('ristretto')",
  "const logger = require('ristretto/logger')",
  "const parser = require('ristretto/parser')",
  "const { createFramework } = require('ristretto/kernel')",
  'const app = express()',
  "app.use(logger('dev'), parser.json(), express.urlencoded({ extended: false }))",
  "app.get('/', (req, res) => { res.send(req.path) })",
  'createFramework({ plugins: [] })',
  ''
].join('\n')

interface Project {
  name: string
  dir: string
}

interface Resolution {
  name: string
  options: Record<string, string>
  /** Whether the ES module entries (.d.mts, by the "import" condition) can be reached at all. */
  conditions: boolean
  /** Writes the consumer files of this resolution mode into `dir`, returning the tsconfig "include". */
  files: (dir: string, list: Entry[], interop: boolean) => string[]
}

function write (file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

function nodeFiles (dir: string, list: Entry[], interop: boolean): string[] {
  write(path.join(dir, 'cjs', 'package.json'), JSON.stringify({ type: 'commonjs' }))
  write(path.join(dir, 'cjs', 'consumer.ts'), commonjsFile(list, interop))
  write(path.join(dir, 'cjs', 'consumer.mts'), esmFile(list))
  write(path.join(dir, 'cjs', 'required.cjs'), requireFile)
  write(path.join(dir, 'esm', 'package.json'), JSON.stringify({ type: 'module' }))
  write(path.join(dir, 'esm', 'consumer.ts'), esmFile(list))
  write(path.join(dir, 'esm', 'consumer.cts'), commonjsFile(list, interop))
  return ['cjs', 'esm']
}

const resolutions: Resolution[] = [
  {
    name: 'node10',
    options: { module: 'commonjs', moduleResolution: 'node10' },
    conditions: false,
    files (dir, list, interop) {
      write(path.join(dir, 'consumer.ts'), commonjsFile(list, interop))
      write(path.join(dir, 'required.js'), requireFile)
      return ['consumer.ts', 'required.js']
    }
  },
  { name: 'node16', options: { module: 'node16', moduleResolution: 'node16' }, conditions: true, files: nodeFiles },
  { name: 'nodenext', options: { module: 'nodenext', moduleResolution: 'nodenext' }, conditions: true, files: nodeFiles },
  {
    name: 'bundler-esnext',
    options: { module: 'esnext', moduleResolution: 'bundler' },
    conditions: true,
    files (dir, list) {
      write(path.join(dir, 'consumer.ts'), esmFile(list))
      return ['consumer.ts']
    }
  },
  {
    name: 'bundler-preserve',
    options: { module: 'preserve', moduleResolution: 'bundler' },
    conditions: true,
    files (dir, list, interop) {
      write(path.join(dir, 'consumer.ts'), esmFile(list))
      write(path.join(dir, 'required.ts'), commonjsFile(list, interop))
      return ['consumer.ts', 'required.ts']
    }
  }
]

/** The tsc processes still running, ended by the suite's `after` should a test time out. */
const children = new Set<ReturnType<typeof spawn>>()

function runTsc (project: string): Promise<{ status: number | null, output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { cwd: path.dirname(project) })
    children.add(child)
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
    child.on('close', (status) => { children.delete(child); resolve({ status, output }) })
  })
}

/** Calls `fn` on each item, at most `limit` at a time; one promise per item, settled as each finishes. */
function limited<T, R> (items: T[], limit: number, fn: (item: T) => Promise<R>): Array<Promise<R>> {
  let running = 0
  const waiting: Array<() => void> = []
  return items.map(async (item) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await fn(item)
    } finally {
      running--
      waiting.shift()?.()
    }
  })
}

describe('the shipped declarations in consumer projects (skipLibCheck off)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-consumers-'))
  const pkg = path.join(tmp, 'pkg')
  const projects: Project[] = []
  // Each project's tsc run, started in the hook and awaited by its own test (so no single one waits for all).
  const results = new Map<string, Promise<{ status: number | null, output: string }>>()
  let buildOutput = ''

  before(() => {
    // The package: its package.json and freshly built declarations, its dependencies ours.
    fs.mkdirSync(pkg)
    fs.copyFileSync(path.join(root, 'package.json'), path.join(pkg, 'package.json'))
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(pkg, 'node_modules'), 'dir')
    write(path.join(pkg, 'tsconfig.json'), JSON.stringify({
      extends: path.join(root, 'tsconfig.build.json'),
      compilerOptions: { rootDir: root, outDir: path.join(pkg, 'dist'), declaration: true, emitDeclarationOnly: true },
      include: ['kernel', 'plugins', 'presets'].map((dir) => path.join(root, dir))
    }))
    const build = spawnSync(process.execPath, [tsc, '-p', path.join(pkg, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' })
    buildOutput = build.status === 0 ? '' : (build.stdout || '') + (build.stderr || '')

    // The consumers' node_modules, found by each project below tmp: the package and @types/node.
    fs.mkdirSync(path.join(tmp, 'node_modules', '@types'), { recursive: true })
    fs.symlinkSync(pkg, path.join(tmp, 'node_modules', 'ristretto'), 'dir')
    fs.symlinkSync(path.join(root, 'node_modules', '@types', 'node'), path.join(tmp, 'node_modules', '@types', 'node'), 'dir')

    const list = entries()
    for (const resolution of resolutions) {
      for (const interop of [true, false]) {
        const name = `${resolution.name}, esModuleInterop ${interop ? 'on' : 'off'}`
        const dir = path.join(tmp, `${resolution.name}-${interop ? 'interop' : 'no-interop'}`)
        const include = resolution.files(dir, list, interop)
        write(path.join(dir, 'tsconfig.json'), JSON.stringify({
          compilerOptions: {
            ...resolution.options,
            target: 'ES2022',
            lib: ['ES2022'],
            types: ['node'],
            strict: true,
            esModuleInterop: interop,
            skipLibCheck: false,
            allowJs: true,
            checkJs: true,
            noEmit: true
          },
          // Every shipped declaration file the resolution can reach, imported by an entry or not.
          include: [
            ...include,
            path.join(pkg, 'dist', '**', '*.d.ts'),
            ...(resolution.conditions ? [path.join(pkg, 'dist', '**', '*.d.mts')] : [])
          ]
        }, null, 2))
        projects.push({ name, dir })
      }
    }
    if (buildOutput) return
    const runs = limited(projects, 2, (project) => runTsc(path.join(project.dir, 'tsconfig.json')))
    projects.forEach((project, i) => results.set(project.name, runs[i]!))
  })

  after(() => {
    for (const child of children) child.kill()
    fs.rmSync(tmp, { recursive: true, force: true })
  })

  it('builds the declarations', () => { assert.equal(buildOutput, '') })

  for (const resolution of resolutions) {
    for (const interop of [true, false]) {
      const name = `${resolution.name}, esModuleInterop ${interop ? 'on' : 'off'}`
      it(`compiles with ${name}`, async () => {
        const result = await results.get(name)
        assert.ok(result, 'not run: the declarations did not build')
        assert.equal(result.status, 0, result.output.split(tmp).join('<tmp>'))
      })
    }
  }

  it('import only node and packages the package depends on (or takes as optional peers) for types', () => {
    assert.equal(buildOutput, '')
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
      peerDependencies?: Record<string, string>
    }
    const provided = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})])
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))
    const missing = new Set<string>()
    const walk = (dir: string): void => {
      for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, item.name)
        if (item.isDirectory()) { walk(file); continue }
        if (!/\.d\.m?ts$/.test(item.name)) continue
        const source = fs.readFileSync(file, 'utf8')
        // Specifiers of imports and of `/// <reference types>`; other comments are documentation.
        const references = [...source.matchAll(/^\/\/\/\s*<reference\s+types="([^"]+)"/gm)].map((match) => ` from '${match[1]}'`)
        const text = [...references, ''].join('\n') + source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
        for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)["']([^"'.][^"']*)["']/gm)) {
          const specifier = match[1]!
          const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!
          const where = path.relative(pkg, file)
          if (builtins.has(specifier)) {
            if (!provided.has('@types/node')) missing.add(`@types/node for ${specifier} (${where})`)
            continue
          }
          if (name === 'ristretto') continue
          if (!provided.has(name)) { missing.add(`${name} (${where})`); continue }
          const own = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { types?: string, typings?: string }
          const typed = own.types ?? own.typings ?? (fs.existsSync(path.join(root, 'node_modules', name, 'index.d.ts')) ? 'index.d.ts' : undefined)
          const typesPackage = `@types/${name.replace(/^@/, '').replace('/', '__')}`
          if (!typed && !provided.has(typesPackage)) missing.add(`${typesPackage} for ${specifier} (${where})`)
        }
      }
    }
    walk(path.join(pkg, 'dist'))
    assert.deepEqual([...missing].sort(), [])
  })
})
