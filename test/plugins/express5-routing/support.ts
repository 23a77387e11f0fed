// Runs one request through a router without a socket, and tells how it ended.
import { createFramework } from '../../../kernel'
import express4 from '../../../presets/default'
import { express5RoutingPlugin } from '../../../plugins/express5-routing'

/** The default preset's plugins with express5-routing: every router of this framework, apps' too, is router 2's. */
export const express5 = createFramework({ plugins: [...express4.plugins, express5RoutingPlugin()] })
export { express4 }

/** Router 2 itself (2.3, the one Express 5.3 depends on), for differential tests. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const RealRouter: (options?: object) => any = require('express-5').Router

/** The Express 5 preset's router factory and the default preset's. */
export const Router5 = express5.Router as unknown as (options?: object) => any
export const Router4 = express4.Router as unknown as (options?: object) => any

/** How a dispatch ended: a handler answered with `body`, or the router called its callback with `error`. */
export type Outcome =
  | { answered: string, headers: Record<string, string | number> }
  | { next: true, error?: { message: string, status?: number } | string }

/** A request for `url` through `router.handle`, with plain objects for `req` and `res` (as a mounting router passes them). */
export function dispatch (router: any, method: string, url: string, req: Record<string, unknown> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {}
    const request = Object.assign({ method, url, headers: {} }, req)
    const response = {
      setHeader (name: string, value: string | number) { headers[name.toLowerCase()] = value },
      end (body: string) { resolve({ answered: body, headers }) }
    }
    router.handle(request, response, (err?: unknown) => {
      if (err == null) resolve({ next: true })
      else if (typeof err === 'string') resolve({ next: true, error: err })
      else {
        const e = err as { message: string, status?: number }
        resolve({ next: true, error: e.status === undefined ? { message: e.message } : { message: e.message, status: e.status } })
      }
    })
  })
}

/** A handler that answers with `req.params` as JSON. */
export function echoParams (req: { params: unknown }, res: { end (body: string): void }): void {
  res.end(JSON.stringify(req.params))
}
