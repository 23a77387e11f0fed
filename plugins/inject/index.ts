// The inject plugin: app.inject(request) answers a request in process, with no socket and no port.
import { definePlugin, type Plugin } from '../../kernel'
import { inject, type RequestListener } from './inject'
import type { InjectRequest, InjectResponse } from './types'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export { inject, type RequestListener } from './inject'
export type { InjectRequest, InjectResponse, InjectHeaderValue } from './types'

export const PLUGIN_NAME = 'inject'

declare module '../../kernel/types' {
  interface Application {
    /**
     * Sends a request through the app in process (no socket, no port) and resolves with the
     * response: `{ status, headers, body, text, json() }`. A string is the URL of a GET.
     * @example
     * const res = await app.inject({ method: 'POST', url: '/echo', body: { a: 1 } })
     * assert.deepEqual(res.json(), { a: 1 })
     */
    inject (request?: InjectRequest | string): Promise<InjectResponse>
  }
}

/** Adds `app.inject(request)`: in-process requests for tests, scripts and tools. */
export function injectPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('injectPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ decorateApplication }) {
      decorateApplication({
        inject: function injectRequest (this: RequestListener, request?: InjectRequest | string) {
          return inject(this, request)
        }
      })
    }
  })
}
