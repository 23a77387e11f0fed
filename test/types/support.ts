// Consumer projects of the shipped declarations: the files that import every subpath of the
// package, and a compiler that reports a project's errors as `tsc -p` does, but for those of the
// consumer's environment (TypeScript's own libraries and @types/node), which the package does not ship.
import fs from 'node:fs'
import path from 'node:path'
import type TypeScript from 'typescript'

const root = path.resolve(__dirname, '..', '..')

export interface Entry {
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
export function entries (): Entry[] {
  const list: Entry[] = [
    { specifier: 'ristretto', source: 'presets/default.ts' },
    { specifier: 'ristretto/logger', source: 'plugins/logger/index.ts' },
    { specifier: 'ristretto/parser', source: 'plugins/parser/index.ts' },
    { specifier: 'ristretto/lambda', source: 'plugins/lambda/index.ts' },
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
export function commonjsFile (list: Entry[], defaultImport: boolean): string {
  const lines = list.map((entry, i) => `import m${i} = require('${entry.specifier}')`)
  if (defaultImport) lines.push("import expressDefault from 'ristretto'", 'expressDefault().listen')
  lines.push(
    'const app = m0()',
    'app.use(m1(\'dev\'), m2.json(), m0.static(\'public\'))',
    'app.get(\'/users/:id\', (req, res) => { res.json({ id: req.params.id }) })',
    // The express5 preset, typed as Express 5: path-to-regexp 8 parameters, body-only res.json.
    "import express5 = require('ristretto/presets/express5')",
    'express5().use(express5.json()).get(\'/files/*path{.:ext}\', (req, res) => { res.status(200).json({ path: req.params.path.join(\'/\'), ext: req.params.ext }) })',
    `export const loaded = [${list.map((_, i) => `m${i}`).join(', ')}]`
  )
  return lines.join('\n') + '\n'
}

/** ES imports of every subpath: default imports of `export =` modules, namespace imports of the rest. */
export function esmFile (list: Entry[]): string {
  const lines = list.map((entry, i) => exportsAssignment(entry)
    ? `import m${i} from '${entry.specifier}'`
    : `import * as m${i} from '${entry.specifier}'`)
  lines.push(
    "import { Router, json, type Request, type Response, type NextFunction } from 'ristretto'",
    "import { urlencoded } from 'ristretto/parser'",
    "import express5, { Router as Router5, type Request as Request5, type Response as Response5 } from 'ristretto/presets/express5'",
    'const router5 = Router5()',
    'router5.get(\'/:id\', (req: Request5<{ id: string }>, res: Response5) => { res.redirect(301, `/items/${req.params.id}`) })',
    'express5().use(express5.urlencoded({ extended: false }), router5)',
    'const app = m0()',
    'const router = Router()',
    'router.get(\'/users/:id\', (req: Request<{ id: string }>, res: Response, next: NextFunction) => { res.json({ id: req.params.id }); next() })',
    'app.use(m1(\'dev\'), json(), urlencoded({ extended: false }), m2.text(), router)',
    `export const loaded = [${list.map((_, i) => `m${i}`).join(', ')}]`
  )
  return lines.join('\n') + '\n'
}

/** `require()` from checked JavaScript. */
export const requireFile = [
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

/** Writes `text` to `file`, making its folder. */
export function write (file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

/** The consumer's environment: its errors are not the package's. */
export const ENVIRONMENT = /[\\/]node_modules[\\/](?:@types[\\/]node|undici-types)[\\/]/

/**
 * A compiler for consumer projects, on the TypeScript module `ts` (the API of TypeScript 5 and 6):
 * each call compiles a project as `tsc -p` does (noEmit), returning its errors as tsc prints them
 * ('' when none) but for those of the environment (`ENVIRONMENT`, TypeScript's own libraries).
 * Parsed declaration files are shared by the projects whose settings parse them alike
 * (TypeScript's own key for that, as its language service shares them): projects differ in a few options.
 */
export function consumerCompiler (ts: typeof TypeScript): (configFile: string) => string {
  const registry = ts.createDocumentRegistry()
  const parsed = new Map<string, TypeScript.SourceFile>()
  return function compile (configFile) {
    const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })
    if (config === undefined) return `${configFile} does not parse`
    const host = ts.createCompilerHost(config.options)
    const key = registry.getKeyForCompilationSettings(config.options)
    const getSourceFile = host.getSourceFile
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const { impliedNodeFormat } = typeof languageVersion === 'object' ? languageVersion : { impliedNodeFormat: undefined }
      const id = `${key}|${impliedNodeFormat}|${fileName}`
      let file = parsed.get(id)
      if (file === undefined) {
        file = getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate)
        if (file !== undefined) parsed.set(id, file)
      }
      return file
    }
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences, host })
    const diagnostics = [...config.errors, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
    const files = program.getSourceFiles().filter((file) => !program.isSourceFileDefaultLibrary(file) && !ENVIRONMENT.test(file.fileName))
    // As tsc: syntax is checked when the options are sound, types when the syntax is.
    if (diagnostics.length === config.errors.length) for (const file of files) diagnostics.push(...program.getSyntacticDiagnostics(file))
    if (diagnostics.length === config.errors.length) for (const file of files) diagnostics.push(...program.getSemanticDiagnostics(file))
    // Paths relative to the project, as tsc run there prints them.
    return ts.formatDiagnostics(diagnostics, { getCurrentDirectory: () => path.dirname(configFile), getCanonicalFileName: (f) => f, getNewLine: () => '\n' })
  }
}
