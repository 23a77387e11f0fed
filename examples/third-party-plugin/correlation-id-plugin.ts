// A plugin as a third party writes it, on the kernel's public API only (`ristretto/kernel`): correlation ids.
import { randomUUID } from 'node:crypto'
import { definePlugin, type Plugin, type Request } from '../../kernel'

/** The plugin's name, in its taps and in dependency errors. */
export const PLUGIN_NAME = 'correlation-id'
/** The setting naming the header an id is read from and echoed in. */
export const HEADER_SETTING = 'correlation id header'
/** An id a client or proxy may hand us: letters, digits, `-` and `_`, at most 64 of them. */
const INCOMING_ID = /^[\w-]{1,64}$/
/** Where a request keeps its id. */
const ID = Symbol('correlation id')

// Outside this repository the module is 'ristretto/kernel'.
declare module '../../kernel' {
  interface Request {
    /** This request's id: the incoming one when it is well formed (and trusted), else a new UUID. */
    readonly correlationId: string
  }
}

export interface CorrelationIdOptions {
  /** The default of the `correlation id header` setting; `X-Correlation-Id` when not given. */
  header?: string
  /** Reuse a well-formed id the request brings (from a proxy); default true. */
  trustIncoming?: boolean
}

type WithId = Request & { [ID]?: string }

/**
 * Gives every request an id, as `req.correlationId`, and echoes it in a response header.
 *
 * @example
 * const framework = createFramework({ plugins: [...express.plugins, correlationIdPlugin()] })
 */
export function correlationIdPlugin (options: CorrelationIdOptions = {}): Plugin {
  const defaultHeader = options.header ?? 'X-Correlation-Id'
  const trustIncoming = options.trustIncoming ?? true
  return definePlugin({
    name: PLUGIN_NAME,
    // req.get comes from the request plugin.
    dependencies: ['request'],
    apply ({ hooks, decorateRequest }) {
      // Each app starts with the default header; `app.set('correlation id header', …)` changes it.
      hooks.appCreated.tap(PLUGIN_NAME, function defaultSetting (app) {
        app.set(HEADER_SETTING, defaultHeader)
      })

      // Once per request, before routing: pick the id and echo it. A mounted app of the same build
      // sees the request again, and keeps the id it already has.
      hooks.request.tap(PLUGIN_NAME, function assignId (incoming, res, app) {
        const req = incoming as WithId
        if (req[ID] !== undefined) return
        const header = String(app.get(HEADER_SETTING))
        const given = req.headers[header.toLowerCase()]
        const id = trustIncoming && typeof given === 'string' && INCOMING_ID.test(given) ? given : randomUUID()
        req[ID] = id
        res.setHeader(header, id)
      })

      // The helper, once, on the shared request prototype (refused if another plugin took the name).
      decorateRequest({
        correlationId: {
          getter: function correlationId (this: WithId): string {
            // A request that bypassed the hook (a handler called directly) still gets one.
            if (this[ID] === undefined) this[ID] = randomUUID()
            return this[ID]
          }
        }
      })
    }
  })
}
