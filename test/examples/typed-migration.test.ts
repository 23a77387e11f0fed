// The typed migration example: the app as its Express 4 version was (imports of express,
// body-parser, morgan and express-serve-static-core) and as migrated (imports of ristretto) must
// both compile with no error, give every expression the same type, and answer the same requests
// with the same bytes.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import Module from 'node:module'
import ts from 'typescript'
import { buildDist } from '../types/differential/run'
import { strictNode16 } from '../support/strict-node16'
import { serve, fetchOutcome, type Listener, type Served, type Outcome } from '../support/http-outcome'

const root = path.resolve(__dirname, '..', '..')
const file = path.join(root, 'examples', 'typed-migration', 'app.ts')
const migrated = fs.readFileSync(file, 'utf8')

/** The migration, undone: each ristretto specifier back to the package it replaced. */
const express4Specifiers: Record<string, string> = {
  ristretto: 'express',
  'ristretto/parser': 'body-parser',
  'ristretto/logger': 'morgan',
  'ristretto/core': 'express-serve-static-core'
}

function withSpecifiers (source: string, map: Record<string, string>): string {
  return source.replace(/(from |declare module )'([^']+)'/g, (whole, lead: string, spec: string) =>
    map[spec] ? `${lead}'${map[spec]}'` : whole)
}
const express4Source = withSpecifiers(migrated, express4Specifiers)

interface Typed { diagnostics: string[]; types: string[] }

/** Compiles `source` as the example file; lists its diagnostics and the type of every identifier outside the import lines but member names. */
function compile (source: string): Typed {
  const options: ts.CompilerOptions = { ...strictNode16, noEmit: true }
  const host = ts.createCompilerHost(options, true)
  const read = host.readFile.bind(host)
  host.readFile = (f) => (path.resolve(f) === file ? source : read(f))
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (f, lang, onError, create) => path.resolve(f) === file
    ? ts.createSourceFile(f, source, lang, true)
    : getSourceFile(f, lang, onError, create)
  const program = ts.createProgram({ rootNames: [file], options, host })
  const sf = program.getSourceFile(file)!
  const diagnostics = ts.getPreEmitDiagnostics(program, sf).map((d) => {
    const line = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line + 1
    return `L${line} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`
  })
  const checker = program.getTypeChecker()
  const types: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isModuleDeclaration(node)) return
    // The app's own names (the members it accesses are named by each library's types).
    const member = node.parent !== undefined && ts.isPropertyAccessExpression(node.parent) && node.parent.name === node
    // Bindings of the imports are the packages' exports (`express` is a `Framework` here, `typeof e` there).
    const imported = ((checker.getSymbolAtLocation(node)?.flags ?? 0) & ts.SymbolFlags.Alias) !== 0
    if (ts.isIdentifier(node) && !member && !imported) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1
      types.push(`L${line} ${node.text}: ${checker.typeToString(checker.getTypeAtLocation(node))}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return { diagnostics, types }
}

/** Loads `source` as a CommonJS module located at the example's path, `require` mapped by `packages`. */
function load (source: string, packages: Record<string, string>): Listener {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText
  // `createRequire` and a function wrapper, as every runtime has them (Bun's and Deno's `Module`
  // instances lack node's `require` and `_compile`).
  const resolveFrom = Module.createRequire(file)
  const mod: { exports: { default?: Listener } } = { exports: {} }
  const mapped = (id: string): unknown => resolveFrom(packages[id] ?? id)
  new Function('exports', 'require', 'module', '__filename', '__dirname', js)(mod.exports, mapped, mod, file, path.dirname(file))
  return mod.exports.default as Listener
}

describe('examples/typed-migration: a typed Express 4 app, migrated', () => {
  let express4: Typed
  let ristretto: Typed
  before(() => {
    buildDist()
    express4 = compile(express4Source)
    ristretto = compile(migrated)
  })

  it('compiles against @types/express as the Express 4 app it was', () => {
    assert.deepEqual(express4.diagnostics, [])
  })

  it('compiles against ristretto with only its imports changed', () => {
    assert.deepEqual(ristretto.diagnostics, [])
  })

  it('types every name as @types/express does', () => {
    assert.ok(ristretto.types.length > 150, `${ristretto.types.length} identifiers`)
    assert.deepEqual(ristretto.types, express4.types)
  })

  describe('serves the same bytes on both frameworks', () => {
    let servers: Served[]
    before(async () => {
      const reference = load(express4Source, { 'body-parser': 'body-parser-2' })
      const migratedApp = load(migrated, {})
      servers = [await serve(reference, 'createServer'), await serve(migratedApp, 'createServer')]
    })
    after(async () => { for (const s of servers ?? []) await s.close() })

    const exchanges: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }> = [
      { method: 'GET', path: '/users/u1' },
      { method: 'GET', path: '/users/nobody' },
      { method: 'GET', path: '/users/u1/books' },
      { method: 'POST', path: '/users/u2/books', headers: { 'Content-Type': 'application/json' }, body: '{"title":"Dune"}' },
      { method: 'POST', path: '/users/u2/books', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' },
      { method: 'POST', path: '/users/u2/books', headers: { 'Content-Type': 'application/json' }, body: '{"title":' },
      { method: 'GET', path: '/users/u2/books' },
      { method: 'DELETE', path: '/books/b1' },
      { method: 'DELETE', path: '/books/b1', headers: { 'X-User': 'u1' } },
      { method: 'DELETE', path: '/books/b1', headers: { 'X-User': 'u1' } },
      { method: 'GET', path: '/fail' },
      { method: 'GET', path: '/nowhere' }
    ]
    it(`answers ${exchanges.length} requests alike`, async () => {
      for (const x of exchanges) {
        const outcomes: Outcome[] = []
        for (const s of servers) {
          outcomes.push(await fetchOutcome(s.port, { method: x.method, path: x.path, host: 'example.test', headers: x.headers, body: x.body }, 5000))
        }
        assert.equal(outcomes[1].end, 'complete', `${x.method} ${x.path}`)
        assert.deepEqual(
          { status: outcomes[1].status, headers: outcomes[1].headers, body: outcomes[1].body.toString('latin1') },
          { status: outcomes[0].status, headers: outcomes[0].headers, body: outcomes[0].body.toString('latin1') },
          `${x.method} ${x.path}`)
      }
    })
  })
})
