// Type-level differential: every snippet of corpus/ is compiled against @types/express (+ @types/morgan,
// @types/body-parser) and against ristretto's built .d.ts, and the two verdicts are compared.
// Usage: node --import tsx test/types/differential/run.ts [--express5 | --mixed | --alias | --express5-mixed] [--build] [--quiet] [--json out.json] [filter ...]
// Exit status 1 when a snippet differs, or when the corpus does not hold against the reference side.
import ts from 'typescript'
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { distIsFresh } from '../../support/built-package'
import { strictNode16 } from '../../support/strict-node16'

const here = __dirname
const root = path.resolve(here, '..', '..', '..')
/** Virtual directory of the snippet files (inside the package, so `ristretto` resolves to itself). */
const snippetDir = path.join(here, '.snippets')
const helperFile = path.join(snippetDir, '__helpers.d.ts')

export type Side = 'reference' | 'ristretto'

/** A corpus and the modules its specifiers stand for on each side. */
export interface Suite {
  corpusDir: string
  /** Specifiers the snippets import, and what the ristretto side resolves them to. */
  ristretto: Record<string, string>
  /** Specifiers the reference side resolves to a declaration file of its own (others: as node does). */
  reference: Record<string, string>
  /** Specifiers both sides resolve to a declaration file of their own, imported from any file. */
  both?: Record<string, string>
  /**
   * The ristretto mapping applies to imports from every file, other typings' included: `express`
   * installed as an alias of ristretto, so that `@types/cookie-parser`'s `import … from 'express'` is ristretto.
   */
  everywhere?: boolean
  /**
   * Declaration files are checked too (skipLibCheck off): the errors of every declaration file a
   * program reaches but node's and TypeScript's own count against each snippet of that program (line 0).
   */
  libCheck?: boolean
  /** Imports that augment other modules (such typings go in a program of their own, as augmentations). */
  augmenting?: RegExp
}

/** Express 4: `@types/express` 4 against the default preset. */
export const express4Suite: Suite = {
  corpusDir: path.join(here, 'corpus'),
  ristretto: {
    express: 'ristretto',
    'express-serve-static-core': 'ristretto/core',
    morgan: 'ristretto/logger',
    'body-parser': 'ristretto/parser'
  },
  reference: { morgan: path.join(root, 'node_modules', '@types', 'morgan', 'index.d.ts') }
}

/**
 * Express 5: `@types/express` 5 (the dev dependency `@types/express-5`, whose own
 * `express-serve-static-core` 5 it resolves next to itself) against `ristretto/presets/express5`.
 */
export const express5Suite: Suite = {
  corpusDir: path.join(here, 'corpus', 'express5'),
  ristretto: { express: 'ristretto/presets/express5', 'body-parser': 'ristretto/parser' },
  reference: { express: path.join(root, 'node_modules', '@types', 'express-5', 'index.d.ts') }
}

/**
 * Express 4 beside `@types/express` 4: snippets import `ristretto` next to the real `express`
 * (`@types/express`) and `express-serve-static-core`; the reference side reads `ristretto` as
 * `@types/express`. Declaration files are checked.
 */
export const express4MixedSuite: Suite = {
  corpusDir: path.join(here, 'corpus', 'mixed'),
  ristretto: {},
  reference: { ristretto: path.join(root, 'node_modules', '@types', 'express', 'index.d.ts') },
  libCheck: true,
  augmenting: /from '(cookie-parser|express-session|passport|multer)'/
}

/**
 * Express 4 as an alias: `express` is ristretto for every file (as with `"express": "npm:ristretto"`),
 * other typings included, while `express-serve-static-core` stays `@types/express-serve-static-core`.
 */
export const express4AliasSuite: Suite = {
  corpusDir: path.join(here, 'corpus', 'alias'),
  ristretto: { express: 'ristretto' },
  reference: {},
  everywhere: true,
  libCheck: true,
  augmenting: /from '(cookie-parser|express-session|passport|multer)'/
}

const types5 = path.join(root, 'node_modules', '@types', 'express-5')
/**
 * Express 5 beside `@types/express` 5: snippets import `ristretto/presets/express5` next to the real
 * `express` and `express-serve-static-core` 5; the reference side reads the preset as `@types/express` 5.
 */
export const express5MixedSuite: Suite = {
  corpusDir: path.join(here, 'corpus', 'express5', 'mixed'),
  ristretto: {},
  reference: { 'ristretto/presets/express5': path.join(types5, 'index.d.ts') },
  both: {
    express: path.join(types5, 'index.d.ts'),
    'express-serve-static-core': path.join(types5, 'node_modules', '@types', 'express-serve-static-core', 'index.d.ts')
  },
  libCheck: true,
  augmenting: /from '(cookie-parser|express-session|passport|multer)'/
}

export interface Snippet {
  id: string
  corpus: string
  name: string
  /** The snippet's source as written (first line = line 1). */
  text: string
  /** Line of the snippet's first line within its corpus file. */
  corpusLine: number
  /** Lines (1-based, within the snippet) that a `@ts-expect-error` directive says must error. */
  expectedErrorLines: number[]
  expectTypes: Array<{ line: number; expected: string }>
}

export interface Diag { line: number; code: number; message: string }
export interface TypeAssertion { line: number; expected: string; actual: string }
export interface SideResult { diags: Diag[]; types: TypeAssertion[] }

export type Cause = 'rejects valid code' | 'accepts invalid code' | 'different error codes' | 'different inferred type'

export interface SnippetResult {
  snippet: Snippet
  reference: SideResult
  ristretto: SideResult
  /** Problems of the snippet itself against the reference side (the corpus must hold there). */
  invalid: string[]
  causes: Cause[]
}

export interface Report { results: SnippetResult[]; same: number; different: number; invalid: number; globalDiagnostics: string[] }

const DIRECTIVE = /\/\/\s*@ts-expect-error/
const EXPECT_TYPE = /\/\/\s*\$ExpectType\s+(.+?)\s*$/

export function loadCorpus (corpusDir: string = express4Suite.corpusDir): Snippet[] {
  const snippets: Snippet[] = []
  const files = fs.readdirSync(corpusDir).filter((f) => f.endsWith('.ts')).sort()
  const seen = new Set<string>()
  for (const file of files) {
    const corpus = file.replace(/\.ts$/, '')
    const lines = fs.readFileSync(path.join(corpusDir, file), 'utf8').split('\n')
    let current: { name: string; start: number; lines: string[] } | undefined
    const flush = () => {
      if (!current) return
      while (current.lines.length && current.lines[current.lines.length - 1].trim() === '') current.lines.pop()
      const text = current.lines.join('\n')
      const id = `${corpus}/${current.name}`
      if (seen.has(id)) throw new Error(`duplicate snippet name ${id}`)
      seen.add(id)
      const expectedErrorLines: number[] = []
      const expectTypes: Snippet['expectTypes'] = []
      current.lines.forEach((l, i) => {
        if (DIRECTIVE.test(l)) expectedErrorLines.push(i + 2)
        const m = EXPECT_TYPE.exec(l)
        if (m) expectTypes.push({ line: i + 1, expected: m[1] })
      })
      snippets.push({ id, corpus, name: current.name, text, corpusLine: current.start, expectedErrorLines, expectTypes })
    }
    lines.forEach((line, i) => {
      const m = /^\/\/ @snippet\s+(\S+)/.exec(line)
      if (m) {
        flush()
        current = { name: m[1], start: i + 2, lines: [] }
      } else if (current) {
        current.lines.push(line)
      }
    })
    flush()
  }
  return snippets
}

/** Declared once per program: `expectType<T>()(value)` errors unless `typeof value` is exactly T. */
const helpers = `type __Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
declare function expectType<T>(): <U>(value: U, ...exact: __Equals<T, U> extends true ? [] : [never]) => void;
`

function snippetPath (s: Snippet): string {
  return path.join(snippetDir, s.corpus, s.name.endsWith('.mts') ? s.name : s.name + '.ts')
}

/** The directives are neutralised (same length) so that both sides report the underlying error codes. */
function compiledText (s: Snippet): string {
  return s.text.replace(/@ts-expect-error/g, '@ts-expect-errxr') + '\nexport {};\n'
}

/** node's and TypeScript's own declarations: the user's environment, never checked. */
const ENVIRONMENT = /[\\/]node_modules[\\/](?:@types[\\/]node|undici-types|typescript)[\\/]/

function compileSide (suite: Suite, side: Side, snippets: Snippet[], sourceCache: Map<string, ts.SourceFile>): { program: ts.Program; bySnippet: Map<string, SideResult>; global: string[] } {
  const compilerOptions: ts.CompilerOptions = { ...strictNode16, skipLibCheck: !suite.libCheck, noEmit: true }
  const files = new Map<string, string>()
  for (const s of snippets) files.set(snippetPath(s), compiledText(s))
  files.set(helperFile, helpers)
  const host = ts.createCompilerHost(compilerOptions, true)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = files.get(fileName)
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true)
    // Library files are shared by both sides: parsed once.
    const key = fileName
    let sf = sourceCache.get(key)
    if (!sf) {
      sf = getSourceFile(fileName, languageVersion, onError, shouldCreate)
      if (sf) sourceCache.set(key, sf)
    }
    return sf
  }
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (f) => files.has(f) || fileExists(f)
  const readFile = host.readFile.bind(host)
  host.readFile = (f) => files.get(f) ?? readFile(f)
  const moduleCache = ts.createModuleResolutionCache(root, (x) => x, compilerOptions)
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, options, containingSourceFile) => {
    return literals.map((lit) => {
      let name = lit.text
      const fromSnippet = files.has(containingFile)
      if ((fromSnippet || suite.everywhere) && side === 'ristretto' && suite.ristretto[name]) name = suite.ristretto[name]
      const own = suite.both?.[name] ?? (fromSnippet && side === 'reference' ? suite.reference[name] : undefined)
      if (own !== undefined) {
        return { resolvedModule: { resolvedFileName: own, extension: ts.Extension.Dts, isExternalLibraryImport: true } }
      }
      const mode = ts.getModeForUsageLocation(containingSourceFile, lit, options)
      return ts.resolveModuleName(name, containingFile, options, host, moduleCache, redirected, mode)
    })
  }
  const rootNames = [helperFile, ...snippets.map(snippetPath)]
  const program = ts.createProgram({ rootNames, options: compilerOptions, host })
  const checker = program.getTypeChecker()
  const bySnippet = new Map<string, SideResult>()
  const libraryDiags: Diag[] = []
  if (suite.libCheck) {
    for (const sf of program.getSourceFiles()) {
      if (!sf.isDeclarationFile || files.has(sf.fileName) || program.isSourceFileDefaultLibrary(sf) || ENVIRONMENT.test(sf.fileName)) continue
      for (const d of program.getSemanticDiagnostics(sf)) {
        const at = d.start === undefined ? '' : `:${sf.getLineAndCharacterOfPosition(d.start).line + 1}`
        libraryDiags.push({ line: 0, code: d.code, message: `${path.relative(root, sf.fileName)}${at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}` })
      }
    }
  }
  for (const s of snippets) {
    const sf = program.getSourceFile(snippetPath(s))!
    const all = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]
    const diags: Diag[] = all.map((d) => ({
      line: d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line + 1,
      code: d.code,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n')
    }))
    diags.sort((a, b) => a.line - b.line || a.code - b.code)
    diags.push(...libraryDiags)
    const types: TypeAssertion[] = s.expectTypes.map((e) => ({ ...e, actual: typeAtLine(checker, sf, e.line) }))
    bySnippet.set(s.id, { diags, types })
  }
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  return { program, bySnippet, global }
}

/** Augmentations are program-wide: a snippet that declares one gets a program of its own (per side). */
export function augments (s: Snippet, suite?: Suite): boolean {
  return /^\s*declare\s+(module\s+['"]|global\b)/m.test(s.text) || (suite?.augmenting?.test(s.text) ?? false)
}

function compileGroups (suite: Suite, side: Side, snippets: Snippet[], cache: Map<string, ts.SourceFile>): { bySnippet: Map<string, SideResult>; global: string[] } {
  const groups = [snippets.filter((s) => !augments(s, suite)), ...snippets.filter((s) => augments(s, suite)).map((s) => [s])].filter((g) => g.length)
  const bySnippet = new Map<string, SideResult>()
  const global = new Set<string>()
  for (const g of groups) {
    const r = compileSide(suite, side, g, cache)
    for (const [k, v] of r.bySnippet) bySnippet.set(k, v)
    for (const d of r.global) global.add(d)
  }
  return { bySnippet, global: [...global] }
}

/**
 * `$ExpectType` applies to the line it ends: the type of the expression statement on that line, or of the
 * variable declared there (`const x = …; // $ExpectType T`).
 */
function typeAtLine (checker: ts.TypeChecker, sf: ts.SourceFile, line: number): string {
  let found: ts.Node | undefined
  const visit = (node: ts.Node) => {
    if (found) return
    const startLine = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
    const endLine = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1
    if (endLine < line || startLine > line) return
    if (endLine === line) {
      if (ts.isExpressionStatement(node)) { found = node.expression; return }
      if (ts.isVariableStatement(node)) { found = node.declarationList.declarations[node.declarationList.declarations.length - 1].name; return }
      if (ts.isReturnStatement(node) && node.expression) { found = node.expression; return }
    }
    ts.forEachChild(node, visit)
  }
  ts.forEachChild(sf, visit)
  if (!found) return '<no expression on this line>'
  const type = checker.getTypeAtLocation(found)
  return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)
}

const normalize = (t: string) => t.replace(/\s+/g, ' ').trim()
const verdict = (r: SideResult) => [...new Set(r.diags.map((d) => `${d.line}:TS${d.code}`))].sort()

export function runDifferential (filter: string[] = [], suite: Suite = express4Suite): Report {
  let snippets = loadCorpus(suite.corpusDir)
  if (filter.length) snippets = snippets.filter((s) => filter.some((f) => s.id.includes(f)))
  const cache = new Map<string, ts.SourceFile>()
  const ref = compileGroups(suite, 'reference', snippets, cache)
  const ris = compileGroups(suite, 'ristretto', snippets, cache)
  const results: SnippetResult[] = []
  let same = 0
  let different = 0
  let invalid = 0
  for (const s of snippets) {
    const a = ref.bySnippet.get(s.id)!
    const b = ris.bySnippet.get(s.id)!
    const problems: string[] = []
    const refLines = new Set(a.diags.map((d) => d.line))
    for (const l of s.expectedErrorLines) if (!refLines.has(l)) problems.push(`line ${l} is marked @ts-expect-error but compiles against @types/express`)
    for (const d of a.diags) if (!s.expectedErrorLines.includes(d.line)) problems.push(`unexpected error against @types/express at line ${d.line}: TS${d.code} ${d.message}`)
    for (const t of a.types) if (normalize(t.actual) !== normalize(t.expected)) problems.push(`line ${t.line}: $ExpectType ${t.expected} but @types/express infers ${t.actual}`)
    if (problems.length) invalid++
    const causes: Cause[] = []
    const expected = new Set(s.expectedErrorLines)
    const bLines = new Set(b.diags.map((d) => d.line))
    if (b.diags.some((d) => !expected.has(d.line) && !refLines.has(d.line))) causes.push('rejects valid code')
    if ([...refLines].some((l) => !bLines.has(l))) causes.push('accepts invalid code')
    if (!causes.length && verdict(a).join() !== verdict(b).join()) causes.push('different error codes')
    if (a.types.some((t, i) => normalize(t.actual) !== normalize(b.types[i].actual))) causes.push('different inferred type')
    if (causes.length) different++
    else same++
    results.push({ snippet: s, reference: a, ristretto: b, invalid: problems, causes })
  }
  return { results, same, different, invalid, globalDiagnostics: [...ref.global.map((g) => 'reference: ' + g), ...ris.global.map((g) => 'ristretto: ' + g)] }
}

function formatDiags (r: SideResult): string {
  const out = r.diags.map((d) => `    L${d.line} TS${d.code}: ${d.message.split('\n').slice(0, 4).join('\n      ')}`)
  for (const t of r.types) out.push(`    L${t.line} type: ${t.actual}`)
  return out.length ? out.join('\n') : '    (compiles)'
}

function numbered (text: string): string {
  return text.split('\n').map((l, i) => `  ${String(i + 1).padStart(3)} | ${l}`).join('\n')
}

export function formatReport (report: Report, opts: { quiet?: boolean } = {}): string {
  const out: string[] = []
  const bad = report.results.filter((r) => r.invalid.length)
  for (const r of bad) {
    out.push(`INVALID SNIPPET ${r.snippet.id} (corpus/${r.snippet.corpus}.ts:${r.snippet.corpusLine})`)
    for (const p of r.invalid) out.push('  ' + p)
  }
  const diffs = report.results.filter((r) => r.causes.length)
  if (!opts.quiet) {
    for (const r of diffs) {
      out.push('')
      out.push(`=== ${r.snippet.id} (corpus/${r.snippet.corpus}.ts:${r.snippet.corpusLine}) — ${r.causes.join(', ')}`)
      out.push(numbered(r.snippet.text))
      out.push('  @types/express:')
      out.push(formatDiags(r.reference))
      out.push('  ristretto:')
      out.push(formatDiags(r.ristretto))
    }
  }
  out.push('')
  for (const g of report.globalDiagnostics) out.push('global diagnostic: ' + g)
  out.push(`snippets: ${report.results.length}  same: ${report.same}  different: ${report.different}  invalid against @types/express: ${report.invalid}`)
  const byCause = new Map<string, number>()
  const byCorpus = new Map<string, [number, number]>()
  const byCode = new Map<string, number>()
  for (const r of report.results) {
    const c = byCorpus.get(r.snippet.corpus) ?? [0, 0]
    c[r.causes.length ? 1 : 0]++
    byCorpus.set(r.snippet.corpus, c)
    for (const cause of r.causes) byCause.set(cause, (byCause.get(cause) ?? 0) + 1)
    if (r.causes.includes('rejects valid code')) {
      const refLines = new Set(r.reference.diags.map((d) => d.line))
      for (const d of r.ristretto.diags) {
        if (refLines.has(d.line) || r.snippet.expectedErrorLines.includes(d.line)) continue
        const key = `TS${d.code} ${d.message.split('\n')[0].replace(/'[^']*'/g, "'…'").slice(0, 90)}`
        byCode.set(key, (byCode.get(key) ?? 0) + 1)
      }
    }
  }
  out.push('by cause:')
  for (const [k, v] of [...byCause].sort((a, b) => b[1] - a[1])) out.push(`  ${String(v).padStart(4)}  ${k}`)
  out.push('by corpus file (same / different):')
  for (const [k, [s, d]] of [...byCorpus].sort()) out.push(`  ${k.padEnd(20)} ${String(s).padStart(4)} / ${d}`)
  out.push('ristretto errors on valid code, by message:')
  for (const [k, v] of [...byCode].sort((a, b) => b[1] - a[1]).slice(0, 25)) out.push(`  ${String(v).padStart(4)}  ${k}`)
  return out.join('\n')
}

/** Builds dist/, unless it is the build of the current sources (see ensureBuilt). */
export function buildDist (): void {
  if (process.env.RISTRETTO_DIST_BUILT === '1' || distIsFresh()) return
  const tsc = require.resolve('typescript/bin/tsc')
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' })
  if (r.status !== 0) process.stderr.write('build reported errors (continuing with dist as built):\n' + r.stdout + r.stderr)
}

if (require.main === module) {
  const args = process.argv.slice(2)
  const flags = new Set(args.filter((a) => a.startsWith('--')))
  const jsonAt = args.indexOf('--json')
  const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : undefined
  const filter = args.filter((a, i) => !a.startsWith('--') && !(jsonAt >= 0 && i === jsonAt + 1))
  if (flags.has('--build')) buildDist()
  const t0 = Date.now()
  const suite = flags.has('--express5-mixed') ? express5MixedSuite : flags.has('--express5') ? express5Suite
    : flags.has('--mixed') ? express4MixedSuite : flags.has('--alias') ? express4AliasSuite : express4Suite
  const report = runDifferential(filter, suite)
  process.stdout.write(formatReport(report, { quiet: flags.has('--quiet') }) + `\n(${((Date.now() - t0) / 1000).toFixed(1)} s)\n`)
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(report, null, 2))
  process.exit(report.different || report.invalid ? 1 : 0)
}
