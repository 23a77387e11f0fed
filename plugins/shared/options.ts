// Plugin options described once, as data: what a plugin factory checks its options against, and
// what docs/reference.md lists (a test keeps the two equal).
import { ErrorCode, PluginError } from '../../kernel'
import { closestName, editDistance, MAX_NAME } from '../../kernel/internal/closest-name'

/**
 * A type an option accepts: a JavaScript type, `object` (not null, not an array), `string[]`,
 * or a literal as written in code: `false`, `true`, `'follow'`.
 */
export type OptionType = 'boolean' | 'number' | 'string' | 'function' | 'object' | 'string[]' | 'false' | 'true' | `'${string}'`

/** One option of a factory. */
export interface OptionDescription {
  readonly name: string
  /** The types it accepts (`undefined`, meaning the default, always is). */
  readonly type: readonly OptionType[]
  /** The default as the reference writes it (`5000`, `'serve'`, `none`). */
  readonly default: string
  /** What it does, in one line. */
  readonly effect: string
}

/** The options of one plugin factory. */
export interface OptionsDescription {
  /** The factory, as called: `hardenedPlugin`. */
  readonly factory: string
  readonly options: readonly OptionDescription[]
}

/** The type of a factory's options when it takes none: nothing, or an empty object. */
export type NoOptions = Readonly<Record<string, never>>

/** Freezes a description, for one factory's module to declare and check against. */
export function describeOptions (factory: string, options: readonly OptionDescription[] = []): OptionsDescription {
  return Object.freeze({ factory, options: Object.freeze(options.map((option) => Object.freeze({ ...option }))) })
}

/**
 * Checks a factory's options against its description: each own key must be a described option
 * whose value (unless `undefined`) has one of its types. Values within a type (a negative
 * timeout) are the factory's to check.
 *
 * @throws PluginError `RST_PLUGIN_OPTIONS`, naming the factory, the key and the closest known key.
 * @example checkOptions(describeOptions('fooPlugin', [{ name: 'size', type: ['number'], default: '1', effect: '…' }]), { sise: 2 })
 */
export function checkOptions (description: OptionsDescription, options: unknown): void {
  const call = `${description.factory}()`
  if (options === undefined) return
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new PluginError(ErrorCode.PLUGIN_OPTIONS, `${call} takes an options object, got ${describeValue(options)}`)
  }
  const names = description.options.map((option) => option.name)
  for (const key of Object.keys(options)) {
    const shown = key.length > MAX_NAME ? key.slice(0, MAX_NAME) + '…' : key
    const option = description.options.find((candidate) => candidate.name === key)
    if (option === undefined) {
      if (names.length === 0) throw new PluginError(ErrorCode.PLUGIN_OPTIONS, `${call} takes no options, got \`${shown}\``)
      const near = closestName(key, names)
      throw new PluginError(ErrorCode.PLUGIN_OPTIONS, `${call} has no option \`${shown}\`` +
        (near === undefined ? '.' : `: did you mean \`${near}\`?`) + ` Its options: ${names.join(', ')}.`)
    }
    const value = (options as Record<string, unknown>)[key]
    if (value !== undefined && !option.type.some((type) => hasType(value, type))) {
      throw new PluginError(ErrorCode.PLUGIN_OPTIONS,
        `${call} option \`${key}\` must be ${option.type.map(typeName).join(' or ')}, got ${describeValue(value)}`)
    }
  }
}

function hasType (value: unknown, type: OptionType): boolean {
  switch (type) {
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value)
    case 'string[]': return Array.isArray(value) && value.every((item) => typeof item === 'string')
    case 'false': return value === false
    case 'true': return value === true
    case 'boolean': case 'number': case 'string': case 'function': return typeof value === type
    default: return value === type.slice(1, -1)
  }
}

function typeName (type: OptionType): string {
  switch (type) {
    case 'object': return 'an object'
    case 'string[]': return 'an array of strings'
    case 'false': case 'true': return type
    case 'boolean': case 'number': case 'string': case 'function': return `a ${type}`
    default: return type
  }
}

function describeValue (value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)})`
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'function') return 'a function'
  return `a ${typeof value} (${String(value)})`
}

export { editDistance, closestName }
