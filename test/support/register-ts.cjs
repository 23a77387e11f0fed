// Loads the project's TypeScript files through require(), for test processes started with
// `node --require ./test/support/register-ts.cjs`. test/run.mjs compiles the whole tree once,
// before the run, into the folder RISTRETTO_TEST_JS names (the same relative paths, .js for .ts);
// a file found there is read as it is, anything else (a run without test/run.mjs, a file outside
// the project) is compiled on first require. Both go through esbuild, tsx's own compiler, with
// tsx's settings for CommonJS, so the code runs as it does under `node --import tsx`.
'use strict'
const Module = require('node:module')
const fs = require('node:fs')
const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..')
const COMPILED = process.env.RISTRETTO_TEST_JS

/** esbuild's options for one file, as tsx gives them for CommonJS (a source map, names kept). */
function transformOptions (filename) {
  return {
    loader: 'ts',
    format: 'cjs',
    platform: 'node',
    target: `node${process.versions.node}`,
    sourcemap: 'inline',
    sourcesContent: false,
    sourcefile: path.basename(filename),
    keepNames: true,
    tsconfigRaw: tsconfig()
  }
}

let tsconfigCache
/** The compiler options of the project's tsconfig.json that esbuild reads. */
function tsconfig () {
  if (tsconfigCache === undefined) {
    const { compilerOptions = {} } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8'))
    tsconfigCache = { compilerOptions }
  }
  return tsconfigCache
}

/** esbuild, resolved through tsx (whose dependency it is). */
function esbuild () {
  const fromTsx = Module.createRequire(require.resolve('tsx/package.json', { paths: [ROOT] }))
  return fromTsx('esbuild')
}

/** The JavaScript test/run.mjs compiled for `filename`, if any. */
function precompiled (filename) {
  if (!COMPILED) return undefined
  const relative = path.relative(ROOT, filename)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined
  try {
    return fs.readFileSync(path.join(COMPILED, relative.slice(0, -3) + '.js'), 'utf8')
  } catch {
    return undefined
  }
}

let compiler
function compile (filename) {
  compiler ??= esbuild()
  return compiler.transformSync(fs.readFileSync(filename, 'utf8'), transformOptions(filename)).code
}

// Stack traces point into the TypeScript sources.
process.setSourceMapsEnabled(true)

Module._extensions['.ts'] = function loadTypeScript (module, filename) {
  module._compile(precompiled(filename) ?? compile(filename), filename)
}

module.exports = { ROOT, transformOptions, esbuild }
