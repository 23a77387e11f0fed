import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import type { Framework } from '../../kernel'
import { DESCRIBED, pluginFactories, renderRow } from '../plugins/option-support'
import { LAMBDA_OPTIONS } from '../../plugins/lambda/options'
import { expectWarnings } from '../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['morgan deprecated default format: use combined format'])

// docs/reference.md cannot drift from the code. Each options table follows a marker,
// `<!-- options: KEY -->`: for a plugin factory that takes options, its rows are exactly those its
// description renders; for every other table, its rows name exactly the properties of the
// TypeScript interface the key stands for. The factories without options and the presets' plugin
// lists are checked the same way.

const ROOT = path.resolve(__dirname, '..', '..')
const REFERENCE = path.join(ROOT, 'docs', 'reference.md')

/** The interface (file, name) each key stands for, less the properties of `minus` (a table of what it adds). */
const INTERFACES: Record<string, { file: string, name: string, minus?: string }> = {
  hardenedPlugin: { file: 'plugins/hardened/options.ts', name: 'HardenedOptions' },
  gracefulShutdownPlugin: { file: 'plugins/graceful-shutdown/types.ts', name: 'GracefulShutdownOptions' },
  asyncHandlersPlugin: { file: 'plugins/async-handlers/index.ts', name: 'AsyncHandlersOptions' },
  openTelemetryPlugin: { file: 'plugins/opentelemetry/index.ts', name: 'OpenTelemetryOptions' },
  createFramework: { file: 'kernel/framework.ts', name: 'FrameworkOptions' },
  'createFramework app': { file: 'kernel/framework.ts', name: 'AppHandling' },
  'body parsers': { file: 'plugins/body-reader/options.ts', name: 'BodyParserOptions' },
  json: { file: 'plugins/body-json/json-parser.ts', name: 'JsonOptions', minus: 'body parsers' },
  text: { file: 'plugins/body-text/text-parser.ts', name: 'TextOptions', minus: 'body parsers' },
  urlencoded: { file: 'plugins/body-urlencoded/urlencoded-parser.ts', name: 'UrlencodedOptions', minus: 'body parsers' },
  'parser json': { file: 'plugins/body-json/json-parser.ts', name: 'StandaloneJsonOptions', minus: 'json' },
  'parser raw': { file: 'plugins/body-raw/raw-parser.ts', name: 'StandaloneRawOptions', minus: 'body parsers' },
  'parser text': { file: 'plugins/body-text/text-parser.ts', name: 'StandaloneTextOptions', minus: 'text' },
  'parser urlencoded': { file: 'plugins/body-urlencoded/urlencoded-parser.ts', name: 'StandaloneUrlencodedOptions', minus: 'urlencoded' },
  logger: { file: 'plugins/logger/types.ts', name: 'LoggerOptions' },
  static: { file: 'plugins/static/types.ts', name: 'StaticOptions' },
  inject: { file: 'plugins/in-process/types.ts', name: 'InProcessRequest' },
  lambda: { file: 'plugins/lambda/types.ts', name: 'LambdaOptions' },
  shutdown: { file: 'plugins/graceful-shutdown/types.ts', name: 'ShutdownOptions' }
}

/** The property names of each interface of {@link INTERFACES}, read by the TypeScript checker. */
function interfaceProperties (): Map<string, string[]> {
  const files = [...new Set(Object.values(INTERFACES).map((entry) => path.join(ROOT, entry.file)))]
  const program = ts.createProgram(files, { strict: true, module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, target: ts.ScriptTarget.ES2022, types: ['node'], noEmit: true, skipLibCheck: true })
  const checker = program.getTypeChecker()
  const all = new Map<string, string[]>()
  for (const [key, entry] of Object.entries(INTERFACES)) {
    const source = program.getSourceFile(path.join(ROOT, entry.file))
    assert.ok(source, entry.file)
    const declaration = source.statements.find((statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name.text === entry.name)
    assert.ok(declaration, `${entry.name} in ${entry.file}`)
    const type = checker.getTypeAtLocation(declaration.name)
    all.set(key, checker.getPropertiesOfType(type).map((symbol) => symbol.name))
  }
  const added = new Map<string, string[]>()
  for (const [key, entry] of Object.entries(INTERFACES)) {
    const less = new Set(entry.minus === undefined ? [] : all.get(entry.minus))
    added.set(key, all.get(key)!.filter((name) => !less.has(name)))
  }
  return added
}

/** The table rows (lines starting with `|`, header and rule left out) after each marker `<!-- NAME: KEY -->`. */
function tables (text: string, marker: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const lines = text.split('\n')
  lines.forEach((line, index) => {
    const m = new RegExp(`^<!-- ${marker}: (.+) -->$`).exec(line)
    if (!m) return
    assert.ok(!found.has(m[1]), `two tables for ${m[1]}`)
    let i = index + 1
    while (i < lines.length && !lines[i].startsWith('|')) i++
    const rows: string[] = []
    for (; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i])
    found.set(m[1], rows.slice(2))
  })
  return found
}

/** The first cell of a row, without its backticks. */
const firstCell = (row: string): string => row.split('|')[1].trim().replace(/^`|`$/g, '')

function sameNames (what: string, rows: readonly string[], expected: readonly string[]): void {
  const listed = rows.map(firstCell)
  const missing = expected.filter((name) => !listed.includes(name))
  const unknown = listed.filter((name) => !expected.includes(name))
  assert.deepEqual({ missing, unknown }, { missing: [], unknown: [] },
    `docs/reference.md, ${what}: ${missing.length > 0 ? `no row for ${missing.join(', ')}` : ''} ${unknown.length > 0 ? `rows for options that do not exist: ${unknown.join(', ')}` : ''}`)
  assert.equal(new Set(listed).size, listed.length, `docs/reference.md, ${what}: a row is there twice`)
}

const text = fs.readFileSync(REFERENCE, 'utf8')
const options = tables(text, 'options')

describe('docs/reference.md', () => {
  it('has one table for each described factory and each interface, and no other', () => {
    assert.deepEqual([...options.keys()].sort(), Object.keys(INTERFACES).sort())
  })

  // The plugin factories', and those of the helpers that check their options as factories do.
  for (const description of [...DESCRIBED, LAMBDA_OPTIONS]) {
    it(`lists ${description.factory}'s options as its description says`, () => {
      const rows = options.get(description.factory) ?? []
      sameNames(description.factory, rows, description.options.map((option) => option.name))
      for (const option of description.options) {
        assert.equal(rows.find((row) => firstCell(row) === option.name), renderRow(option), `the row of ${description.factory}'s ${option.name}`)
      }
    })
  }

  it('describes every option the factories\' and helpers\' types have, and only those', () => {
    for (const [key, names] of interfaceProperties()) {
      assert.ok(names.length > 0, key)
      sameNames(key, options.get(key) ?? [], names)
      const description = [...DESCRIBED, LAMBDA_OPTIONS].find((d) => d.factory === key)
      if (description) sameNames(`${key}'s description`, description.options.map((o) => `| ${o.name} |`), names)
      for (const row of options.get(key) ?? []) {
        const cells = row.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim())
        assert.equal(cells.length, 4, `four cells (option, type, default, effect): ${row}`)
        assert.ok(cells.every((cell) => cell !== ''), `no empty cell: ${row}`)
      }
    }
  })

  it('lists every factory that takes no options', () => {
    const none = tables(text, 'factories').get('without options') ?? []
    const expected = [...pluginFactories().keys()].filter((name) => !DESCRIBED.some((d) => d.factory === name))
    sameNames('the factories without options', none, expected.map((name) => `${name}()`))
  })

  it('lists the plugins of every preset', () => {
    const rows = tables(text, 'presets').get('plugins') ?? []
    const presets = ['default', 'minimal', 'modern', 'express5']
    sameNames('the presets', rows, presets)
    for (const preset of presets) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const framework = require(path.join(ROOT, 'presets', preset)) as Framework
      const names = framework.plugins.map((plugin) => plugin.name)
      const row = rows.find((r) => firstCell(r) === preset)!
      const cell = row.split('|')[3].trim()
      assert.equal(cell, names.length === 0 ? 'none' : names.map((name) => `\`${name}\``).join(', '), `the plugins of the ${preset} preset`)
    }
  })
})
