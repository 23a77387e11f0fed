// Decorators: how plugins add members to a framework's application, request and response prototypes.
import { IncomingMessage, ServerResponse } from 'http'
import { EventEmitter } from 'events'
import { ErrorCode, PluginError } from './errors'
import type { Application, Request, Response } from './types'

/** A member read through a getter (and written through a setter, when there is one). */
export interface Accessor<T, V> {
  getter (this: T): V
  setter? (this: T, value: V): void
}

/**
 * Members by name: each a value every instance shares (usually a method) or an {@link Accessor}.
 * A value that is an object whose own keys are only `getter` and `setter`, functions, is taken
 * for an accessor. In methods written in the object, `this` is the app, request or response.
 * `undefined` removes the member: one a plugin in `dependencies` added, named in `override`.
 */
export type Decorations<T> = { [K in keyof T]?: T[K] | Accessor<T, T[K]> } & ThisType<T>

export interface DecorateOptions<T> {
  /**
   * The names of members node's own prototypes give (`http.IncomingMessage.prototype` under the
   * request, `http.ServerResponse.prototype` under the response, `Function.prototype` under
   * apps), or that a plugin this one declares in its `dependencies` added, that these members
   * replace on purpose. Any other member node or a plugin gives is refused.
   */
  override?: ReadonlyArray<keyof T>
  /**
   * Defines the members not enumerable: there, but not listed by `Object.keys` or `for…in`, so
   * an app, request or response of a preset lists exactly Express's members (`app.fetch`).
   */
  hidden?: boolean
}

/**
 * The decorators of one framework, for plugins' `apply`. Each call defines its members on the
 * framework's shared prototype (configurable and enumerable, as `Object.assign` and Express's
 * getters do), all or none: a name already taken throws a {@link PluginError} with code
 * `RST_DECORATOR_TAKEN`. Members are added while the framework is created; later calls throw
 * `RST_DECORATOR_LATE`.
 *
 * @example
 * apply (kernel) {
 *   kernel.decorateRequest({
 *     isJson () { return this.is('json') === 'json' },
 *     id: { getter () { return this.get('x-request-id') ?? 'none' } }
 *   })
 * }
 */
export interface Decorators {
  /** Adds members to every app (`framework.application`). */
  decorateApplication (members: Decorations<Application>, options?: DecorateOptions<Application>): void
  /** Adds members to every request (`framework.request`). */
  decorateRequest (members: Decorations<Request>, options?: DecorateOptions<Request>): void
  /** Adds members to every response (`framework.response`). */
  decorateResponse (members: Decorations<Response>, options?: DecorateOptions<Response>): void
}

type Label = 'app' | 'req' | 'res'

/** Node's prototype under each: its members are replaced only when named in `override`. */
const NODE_PROTOTYPES: Record<Label, [string, object]> = {
  app: ['Function.prototype', Function.prototype],
  req: ['http.IncomingMessage.prototype', IncomingMessage.prototype],
  res: ['http.ServerResponse.prototype', ServerResponse.prototype]
}

/** Names every app, request or response holds itself, which would hide a prototype member, by who sets them. */
let instanceFields: Record<Label, Map<PropertyKey, string>> | undefined

/** The kernel's fields, and node's, read from fresh objects (once: they are the same for all). */
function readInstanceFields (): Record<Label, Map<PropertyKey, string>> {
  const byWho = (lists: Array<[string, readonly PropertyKey[]]>) => new Map(lists.flatMap(([who, names]) => names.map((n) => [n, who] as const)))
  const req = new IncomingMessage(null as never)
  return {
    app: byWho([
      ['the kernel sets it on every app', ['cache', 'engines', 'settings', 'locals', 'mountpath', 'parent', 'router', '_router', 'request', 'response']],
      ['every app, a function, has its own', Reflect.ownKeys(function app () {})],
      ['every app has EventEmitter\'s', Reflect.ownKeys(EventEmitter.prototype)]
    ]),
    req: byWho([['the kernel sets it on every request', ['app', 'res', 'next', 'baseUrl', 'originalUrl', 'params', 'route']], ['node sets it on every request', Reflect.ownKeys(req)]]),
    res: byWho([['the kernel sets it on every response', ['app', 'req', 'locals']], ['node sets it on every response', Reflect.ownKeys(new ServerResponse(req))]])
  }
}

/** Whether a member's value is an {@link Accessor}. */
function isAccessor (value: unknown): value is Accessor<unknown, unknown> {
  const { getter, setter } = (value !== null && typeof value === 'object' ? value : {}) as Partial<Accessor<unknown, unknown>>
  return typeof getter === 'function' && (setter === undefined || typeof setter === 'function') &&
    Reflect.ownKeys(value as object).every((key) => key === 'getter' || key === 'setter')
}

/**
 * Creates the decorators of one framework over its three prototypes. `state` says which plugin's
 * `apply` runs (for errors) and whether the framework is still being created.
 */
export function createDecorators (
  prototypes: { application: object, request: object, response: object },
  state: { readonly plugin: string | undefined, readonly dependencies: readonly string[], readonly open: boolean }
): Decorators {
  // Who added each own member; what a prototype holds before any plugin runs is the kernel's.
  const owners = new Map<object, Map<PropertyKey, string>>()
  for (const proto of Object.values(prototypes)) owners.set(proto, new Map(Reflect.ownKeys(proto).map((name) => [name, 'the kernel defines it'])))
  /** The plugin that added each member plugins added. */
  const addedBy = new Map<PropertyKey, string>()

  /** Why `name` cannot be added under `label`, or undefined. */
  function taken (label: Label, proto: object, name: PropertyKey, override: ReadonlyArray<PropertyKey>): string | undefined {
    if (Object.prototype.hasOwnProperty.call(proto, name)) {
      const by = addedBy.get(`${label}.${String(name)}`)
      if (override.includes(name) && by !== undefined && state.dependencies.includes(by)) return undefined
      return owners.get(proto)!.get(name) ?? 'it is defined already'
    }
    instanceFields ??= readInstanceFields()
    const field = instanceFields[label].get(name)
    if (field !== undefined) return field
    const [nodeName, nodeProto] = NODE_PROTOTYPES[label]
    if (name in nodeProto && !override.includes(name)) {
      return `node's ${nodeName} has it; name it in the decorator's \`override\` option to replace it on purpose`
    }
    return undefined
  }

  function decorate (label: Label, proto: object, members: object, { override = [], hidden = false }: { override?: ReadonlyArray<PropertyKey>, hidden?: boolean } = {}): void {
    const who = state.plugin === undefined ? 'A plugin' : `Plugin "${state.plugin}"`
    const names = Reflect.ownKeys(members)
    const member = (name: PropertyKey) => `${label}.${String(name)}`
    if (!state.open) {
      throw new PluginError(ErrorCode.DECORATOR_LATE, `${who} cannot add ${names.map(member).join(', ')}: members are added while the framework is created`)
    }
    for (const name of names) {
      const why = taken(label, proto, name, override)
      if (why !== undefined) throw new PluginError(ErrorCode.DECORATOR_TAKEN, `${who} cannot add ${member(name)}: ${why}`)
    }
    for (const name of names) {
      const value: unknown = (members as Record<PropertyKey, unknown>)[name]
      if (value === undefined) { Reflect.deleteProperty(proto, name); owners.get(proto)!.delete(name); continue }
      Object.defineProperty(proto, name, isAccessor(value)
        ? { configurable: true, enumerable: !hidden, get: value.getter, set: value.setter }
        : { configurable: true, enumerable: !hidden, writable: true, value })
      owners.get(proto)!.set(name, state.plugin === undefined ? 'a plugin added it' : `plugin "${state.plugin}" added it`)
      if (state.plugin !== undefined) addedBy.set(member(name), state.plugin)
    }
  }

  return {
    decorateApplication: (members, options) => decorate('app', prototypes.application, members, options),
    decorateRequest: (members, options) => decorate('req', prototypes.request, members, options),
    decorateResponse: (members, options) => decorate('res', prototypes.response, members, options)
  }
}
