// The fetch plugin: app.fetch(request), an app as a Web fetch handler (Bun.serve, Deno.serve, …).
/// <reference types="node" preserve="true" />
import { definePlugin, type Plugin } from '../../kernel'
import { handleFetch, type FetchContext, type RequestListener } from './handle-fetch'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export { handleFetch, type FetchContext, type FetchOptions, type RequestListener } from './handle-fetch'

export const PLUGIN_NAME = 'fetch'

declare module '../../kernel/types' {
  interface Application {
    /**
     * Answers a Web `Request` with a Web `Response`, as the app answers over a socket: the same
     * status, headers (hop-by-hop ones aside) and body bytes, both bodies streamed. Bound to the
     * app, so it can be handed over as is: `Bun.serve({ fetch: app.fetch })`,
     * `Deno.serve(app.fetch)`. The second argument gives the client's address: `{ remoteAddress }`,
     * or what Bun (its server) and Deno (the handler's info) pass.
     * @example
     * const res = await app.fetch(new Request('http://localhost/users/1'))
     */
    fetch (request: globalThis.Request, context?: FetchContext): Promise<globalThis.Response>
  }
}

/** The bound `fetch` of each app. */
const bound = new WeakMap<object, (request: Request, context?: FetchContext) => Promise<Response>>()

/**
 * Adds `app.fetch(request)`: the app as a fetch handler. The member is not enumerable, so an app
 * lists Express's members only.
 */
export function fetchPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('fetchPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ decorateApplication }) {
      decorateApplication({
        fetch: {
          getter () {
            const app = this as unknown as RequestListener & object
            let fetch = bound.get(app)
            if (fetch === undefined) {
              fetch = (request: Request, context?: FetchContext) => handleFetch(app, request, context)
              bound.set(app, fetch)
            }
            return fetch
          }
        }
      }, { hidden: true })
    }
  })
}
