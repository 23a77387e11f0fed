// The names template engines read as options from the locals Express renders with, per engine,
// from each engine's documentation (and, for consolidate's adapters, what the adapter passes on).
// Under the hardened plugin a render's own locals cannot set them (plugins/views/policy.ts).

/** Express's own: ejs, eta and others read `settings['view options']` as options. */
const EXPRESS = ['settings']

const EJS = ['filename', 'root', 'views', 'context', 'scope', 'compileDebug', 'client', 'delimiter', 'openDelimiter',
  'closeDelimiter', 'debug', 'strict', '_with', 'localsName', 'rmWhitespace', 'escape', 'escapeFunction',
  'outputFunctionName', 'async', 'includer', 'destructuredLocals']
const PUG = ['filename', 'basedir', 'doctype', 'pretty', 'filters', 'self', 'debug', 'compileDebug', 'globals',
  'inlineRuntimeFunctions', 'plugins', 'compiler', 'parser']
const HANDLEBARS = ['partials', 'helpers', 'data', 'compat', 'knownHelpers', 'knownHelpersOnly', 'noEscape', 'strict',
  'assumeObjects', 'preventIndent', 'ignoreStandalone', 'explicitPartialContext', 'allowProtoPropertiesByDefault',
  'allowProtoMethodsByDefault', 'allowedProtoProperties', 'allowedProtoMethods', 'layout']
const MUSTACHE = ['partials']
const HOGAN = ['partials', 'delimiters', 'sectionTags', 'disableLambda', 'asString']
const NUNJUCKS = ['nunjucksEnv', 'loader', 'autoescape', 'throwOnUndefined', 'trimBlocks', 'lstripBlocks', 'tags']
const LODASH = ['escape', 'evaluate', 'imports', 'interpolate', 'sourceURL', 'variable']
const TWIG = ['allowInlineIncludes', 'namespaces', 'path', 'rethrow', 'autoescape']
const LIQUID = ['includeDir', 'filters', 'customTags', 'meta']

/** Option names by engine name (the extension without its dot, as Express and consolidate name engines). */
const BY_ENGINE: Record<string, readonly string[]> = {
  ejs: EJS,
  pug: PUG,
  jade: PUG,
  handlebars: HANDLEBARS,
  hbs: HANDLEBARS,
  mustache: MUSTACHE,
  hogan: HOGAN,
  nunjucks: NUNJUCKS,
  njk: NUNJUCKS,
  lodash: LODASH,
  underscore: LODASH,
  twig: TWIG,
  liquid: LIQUID,
  eta: []
}

const SETS = new Map<string, ReadonlySet<string>>(Object.entries(BY_ENGINE).map(([name, names]) => [name, new Set([...EXPRESS, ...names])]))
/** For an engine none of the above is known to be: every engine's names. */
const ALL: ReadonlySet<string> = new Set([...EXPRESS, ...Object.values(BY_ENGINE).flat()])

/** The engine (by name) each engine function seen was found to be. */
const identified = new WeakMap<object, ReadonlySet<string>>()

/**
 * The engine module an engine function belongs to (`app.engine('html', require('ejs').renderFile)`):
 * a loaded module under `node_modules/<engine name>/` exporting it, or consolidate's adapter of that name.
 */
function engineOf (fn: object): string | undefined {
  for (const [file, mod] of Object.entries(require.cache)) {
    const exported = mod?.exports as Record<string, unknown> | undefined
    if (exported === undefined || exported === null || (typeof exported !== 'object' && typeof exported !== 'function')) continue
    const name = /[\\/]node_modules[\\/]([^\\/]+)[\\/]/.exec(file.slice(file.lastIndexOf('node_modules') - 1))?.[1]
    if (name === undefined) continue
    try {
      const engine = name === 'consolidate' ? Object.keys(exported).find((key) => exported[key] === fn) : name
      if (engine !== undefined && SETS.has(engine) && (exported === fn || Object.values(exported).includes(fn))) return engine
    } catch {
      // A module whose exports throw when read is not an engine's.
    }
  }
  return undefined
}

/**
 * The option names of a view's engine: by its extension (with its dot) when that names an engine
 * above, else by the module the engine function comes from; every known engine's names for an
 * engine that is none of them.
 */
export function engineOptionNames (ext: string, engine?: unknown): ReadonlySet<string> {
  const byExt = SETS.get(ext.slice(1).toLowerCase())
  if (byExt) return byExt
  if (typeof engine !== 'function') return ALL
  let names = identified.get(engine)
  if (names === undefined) {
    const name = engineOf(engine)
    names = name === undefined ? ALL : SETS.get(name)!
    identified.set(engine, names)
  }
  return names
}
