// createFramework's options checked as plugin factories check theirs: an unknown key or a value
// of the wrong type is an error naming it (and the option meant, when one is close).
import { ErrorCode, PluginError } from '../errors'
import { closestName, MAX_NAME } from './closest-name'

const OPTIONS = ['plugins', 'app']
const APP_OPTIONS: Record<string, (value: unknown) => boolean> = {
  init: (value) => value === 'layer' || value === 'handle',
  logError: (value) => typeof value === 'function',
  routes: (value) => value === 'router' || value === 'app'
}
const APP_TYPES: Record<string, string> = { init: "'layer' or 'handle'", logError: 'a function', routes: "'router' or 'app'" }

function refused (message: string): PluginError {
  return new PluginError(ErrorCode.PLUGIN_OPTIONS, message)
}

function isObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `key` of `where` is unknown: the error, with the closest of `names` when one is close. */
function unknownKey (where: string, key: string, names: readonly string[]): PluginError {
  const shown = key.length > MAX_NAME ? key.slice(0, MAX_NAME) + '…' : key
  const near = closestName(key, names)
  return refused(`${where} has no option \`${shown}\`${near === undefined ? `; its options are ${names.map((n) => `\`${n}\``).join(', ')}` : `: did you mean \`${near}\`?`}`)
}

/**
 * Checks `createFramework(options)`'s options: `plugins` and `app`, and `app`'s own.
 * @throws PluginError `RST_PLUGIN_OPTIONS` naming the key.
 */
export function checkFrameworkOptions (options: unknown): void {
  if (options === undefined) return
  if (!isObject(options)) throw refused(`createFramework takes an options object, got ${Array.isArray(options) ? 'an array' : options === null ? 'null' : typeof options}`)
  for (const key of Object.keys(options)) if (!OPTIONS.includes(key)) throw unknownKey('createFramework', key, OPTIONS)
  if (options.plugins !== undefined && !Array.isArray(options.plugins)) throw refused('createFramework option `plugins` must be an array of plugins')
  const app = options.app
  if (app === undefined) return
  if (!isObject(app)) throw refused('createFramework option `app` must be an object')
  for (const key of Object.keys(app)) {
    const valid = APP_OPTIONS[key]
    if (valid === undefined || !Object.prototype.hasOwnProperty.call(APP_OPTIONS, key)) throw unknownKey('createFramework option `app`', key, Object.keys(APP_OPTIONS))
    if (app[key] !== undefined && !valid(app[key])) throw refused(`createFramework option \`app.${key}\` must be ${APP_TYPES[key]}`)
  }
}
