// Each shipped declaration file that uses Node's types says so with `/// <reference types="node" />`,
// as @types packages do: a consumer's program then has @types/node whichever of the package's
// files it reaches, and whatever its `types` setting says (from TypeScript 6 on, a project includes
// no @types package it does not name there).
import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { builtinModules } from 'node:module'
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { ROOT, buildOutputs, ensureBuilt } from '../support/built-package'

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))

/**
 * The errors of a name that no library in the program declares: `Cannot find name 'Buffer'`
 * (and its variants suggesting @types/node), `Cannot find namespace 'NodeJS'`, `Namespace
 * 'globalThis' has no exported member 'Request'`.
 */
const UNDECLARED = new Set([2304, 2503, 2552, 2580, 2581, 2582, 2591, 2592, 2593, 2694])

/** The declaration files the package ships: those of the sources under kernel/, plugins/ and presets/. */
function shipped (): string[] {
  const dirs = ['kernel', 'plugins', 'presets'].map((dir) => path.join(ROOT, dir) + path.sep)
  const files: string[] = []
  for (const [source, outputs] of buildOutputs() ?? new Map<string, readonly string[]>()) {
    if (!dirs.some((dir) => source.startsWith(dir)) || /\.d\.m?ts$/.test(source)) continue
    files.push(...outputs.filter((file) => /\.d\.m?ts$/.test(file)))
  }
  return files.sort()
}

function referencesNode (text: string): boolean {
  return ts.preProcessFile(text, true, true).typeReferenceDirectives.some((directive) => directive.fileName === 'node')
}

describe("the shipped declarations: /// <reference types=\"node\" /> where Node's types are used", () => {
  let files: string[] = []

  before(() => {
    ensureBuilt()
    files = shipped()
  })

  it('are built', () => {
    assert.ok(files.length > 100, `${files.length} declaration files`)
    for (const file of files) assert.ok(fs.existsSync(file), `${path.relative(ROOT, file)} is missing`)
  })

  it('in each file that imports a Node module', () => {
    const missing = files.filter((file) => {
      const text = fs.readFileSync(file, 'utf8')
      return ts.preProcessFile(text, true, true).importedFiles.some((imported) => BUILTINS.has(imported.fileName)) && !referencesNode(text)
    })
    assert.deepEqual(missing.map((file) => path.relative(ROOT, file)), [])
  })

  it("in each file that names one of Node's globals (Buffer, NodeJS, URL, fetch's Request, …)", () => {
    // Each file checked on its own, with ES2022's library only: the names it finds nowhere are Node's.
    const program = ts.createProgram(files, {
      noResolve: true,
      types: [],
      lib: ['lib.es2022.d.ts'],
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true
    })
    const missing: string[] = []
    for (const file of program.getSourceFiles()) {
      if (program.isSourceFileDefaultLibrary(file) || referencesNode(file.text)) continue
      const names = program.getSemanticDiagnostics(file)
        .filter((diagnostic) => UNDECLARED.has(diagnostic.code))
        .map((diagnostic) => [...ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').matchAll(/'([^']+)'/g)].pop()?.[1])
      if (names.length > 0) missing.push(`${path.relative(ROOT, file.fileName)}: ${[...new Set(names)].join(', ')}`)
    }
    assert.deepEqual(missing, [])
  })
})
