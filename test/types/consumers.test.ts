// The shipped declarations as consumers compile them: every subpath of the package, imported from
// CommonJS and ES module files, under each module setting and with esModuleInterop on and off, with
// skipLibCheck off. The built declarations (dist/) are copied into a temporary copy of the package
// (package.json and dist/, its node_modules linked to ours), which consumer projects reach through
// node_modules/ristretto. Each project is compiled as tsc -p compiles it, in this process: the
// errors of every file are reported but for those of the consumer's environment (TypeScript's own
// libraries and @types/node), which the package does not ship. (test/types/typescript-*.test.ts
// compile the packed package with each TypeScript major, beside Express 4 and @types/express.)
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { builtinModules } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ts from 'typescript'
import { buildOutputs, ensureBuilt } from '../support/built-package'
import { commonjsFile, consumerCompiler, entries, esmFile, requireFile, write, type Entry } from './support'

const root = path.resolve(__dirname, '..', '..')

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

/** Compiles a project as `tsc -p` does; its errors as tsc prints them, '' when none. */
const compile = consumerCompiler(ts)

describe('the shipped declarations in consumer projects (skipLibCheck off)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-consumers-'))
  const pkg = path.join(tmp, 'pkg')
  const projects: Project[] = []
  /** The shipped sources whose declarations are missing from dist/. */
  let undeclared: string[] = []

  before(() => {
    // The package: its package.json and the built declarations, its dependencies ours.
    ensureBuilt()
    fs.mkdirSync(pkg)
    fs.copyFileSync(path.join(root, 'package.json'), path.join(pkg, 'package.json'))
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(pkg, 'node_modules'), 'dir')
    const shipped = ['kernel', 'plugins', 'presets'].map((dir) => path.join(root, dir) + path.sep)
    for (const [source, outputs] of buildOutputs() ?? new Map<string, readonly string[]>()) {
      // Declaration files among the sources are read where they are, never written to dist/.
      if (!shipped.some((dir) => source.startsWith(dir)) || /\.d\.m?ts$/.test(source)) continue
      const declarations = outputs.filter((file) => /\.d\.m?ts$/.test(file))
      if (declarations.length === 0 || !declarations.every((file) => fs.existsSync(file))) { undeclared.push(path.relative(root, source)); continue }
      for (const file of declarations) {
        const target = path.join(pkg, path.relative(root, file))
        fs.mkdirSync(path.dirname(target), { recursive: true })
        fs.copyFileSync(file, target)
      }
    }
    if (!fs.existsSync(path.join(pkg, 'dist'))) undeclared = ['every source (tsconfig.build.json does not parse)']

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
  })

  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true })
  })

  it('has the built declarations of every source', () => { assert.deepEqual(undeclared, []) })

  for (const resolution of resolutions) {
    for (const interop of [true, false]) {
      const name = `${resolution.name}, esModuleInterop ${interop ? 'on' : 'off'}`
      it(`compiles with ${name}`, () => {
        assert.deepEqual(undeclared, [], 'not run: declarations are missing')
        const project = projects.find((p) => p.name === name)!
        assert.equal(compile(path.join(project.dir, 'tsconfig.json')).split(tmp).join('<tmp>'), '')
      })
    }
  }

  it('import only node and packages the package depends on (or takes as optional peers) for types', () => {
    assert.deepEqual(undeclared, [])
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
      peerDependencies?: Record<string, string>
      peerDependenciesMeta?: Record<string, { optional?: boolean }>
    }
    /** Types-only packages the declarations read when present (their import is marked as optional there). */
    const optionalTypes = new Set(Object.keys(manifest.peerDependencies ?? {}).filter((name) => name.startsWith('@types/') && manifest.peerDependenciesMeta?.[name]?.optional))
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
          if (optionalTypes.has(`@types/${name}`)) continue
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
