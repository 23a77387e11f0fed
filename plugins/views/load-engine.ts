// Loads the engine of an extension nobody registered: the module's `__express`, else consolidate's adapter.
import { createRequire } from 'module'
import path from 'path'
import type { EngineFunction } from './view-hooks'

/** A `require` that starts from a folder. */
type RequireFrom = (id: string) => unknown

/** Where engine modules are looked for, in order: the app's entry, the working directory, the framework. */
function requirers (): RequireFrom[] {
  const dirs = new Set<string>()
  if (require.main && require.main.filename) dirs.add(path.dirname(require.main.filename))
  dirs.add(process.cwd())
  const list: RequireFrom[] = []
  for (const dir of dirs) list.push(createRequire(path.join(dir, 'noop.js')))
  list.push(require)
  return list
}

function isMissing (err: unknown, id: string): boolean {
  const e = err as NodeJS.ErrnoException
  return Boolean(e && e.code === 'MODULE_NOT_FOUND' && typeof e.message === 'string' && e.message.includes(`'${id}'`))
}

/**
 * The error when no place has the engine module: the runtime's own (Express's: coded
 * `MODULE_NOT_FOUND`, its message beginning `Cannot find module 'pug'`, of the runtime's class),
 * with what to install or register in place of the require stack, which names the framework's
 * own lookup files. An error whose message or stack cannot be written is thrown as it is.
 */
function engineNotFound (err: unknown, name: string, ext: string): unknown {
  const e = err as Error
  try {
    const message = `${String(e.message).split('\n')[0]}\n` +
      `No view engine is set up for "${ext}" files: npm install ${name}, or register one with app.engine('${name}', fn)`
    if (typeof e.stack === 'string' && e.stack.includes(e.message)) e.stack = e.stack.replace(e.message, message)
    e.message = message
  } catch {}
  return e
}

/** Requires the engine module `name` as the app would; throws {@link engineNotFound} when no place has it. */
function requireFromApp (name: string, ext: string): unknown {
  let missing: unknown
  for (const load of requirers()) {
    try {
      return load(name)
    } catch (err) {
      if (!isMissing(err, name)) throw err
      missing ??= err
    }
  }
  throw engineNotFound(missing, name, ext)
}

/** consolidate's adapter for an engine name, when it has one. */
function consolidateAdapter (name: string): EngineFunction | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cons = require('consolidate') as Record<string, unknown>
  if (!Object.prototype.hasOwnProperty.call(cons, name)) return undefined
  const adapter = cons[name]
  if (typeof adapter !== 'function') return undefined
  return typeof (adapter as { render?: unknown }).render === 'function' ? adapter as EngineFunction : undefined
}

/**
 * The engine for `ext` (with its dot): `require(name).__express` where name is the extension without
 * its dot; when the module has none, consolidate's adapter of that name.
 * @throws `Cannot find module 'name'` (coded `MODULE_NOT_FOUND`, as Express's) with what to install,
 * or `Module "name" does not provide a view engine.`
 */
export function loadEngine (ext: string): EngineFunction {
  const name = ext.slice(1)
  const mod = requireFromApp(name, ext) as { __express?: unknown } | null
  if (mod && typeof mod.__express === 'function') return mod.__express as EngineFunction
  const adapter = consolidateAdapter(name)
  if (adapter) return adapter
  throw new Error(`Module "${name}" does not provide a view engine.`)
}
