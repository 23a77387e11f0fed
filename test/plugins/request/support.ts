// Shared helpers for the request plugin's tests: an app that answers with what a request helper returned.
import framework from '../../../presets/default'
import type { Application, Request } from '../../../kernel'

/** Marks `undefined` in a JSON answer, which JSON cannot carry. */
export const UNDEFINED = '<undefined>'

/**
 * An app whose only handler answers `200` with `JSON.stringify(read(req))` (`undefined`
 * sent as {@link UNDEFINED}), or `500` with the error's `name: message` when `read` throws.
 * `setup` runs first, to change settings.
 */
export function answering (read: (req: Request) => unknown, setup?: (app: Application) => void): Application {
  const app = framework()
  if (setup) setup(app)
  app.use((req, res) => {
    let body: string
    try {
      const value = read(req)
      body = value === undefined ? JSON.stringify(UNDEFINED) : JSON.stringify(value)
    } catch (err) {
      res.statusCode = 500
      res.end(`${(err as Error).name}: ${(err as Error).message}`)
      return
    }
    res.setHeader('Content-Type', 'application/json')
    res.end(body)
  })
  return app
}

/** A request object of `app` not tied to a socket, for helpers that read only headers and the socket. */
export function fakeRequest (app: Application, fields: { headers?: Record<string, string>, socket?: object, method?: string, url?: string }): Request {
  const req = Object.create(app.request) as Request & Record<string, unknown>
  req.headers = fields.headers ?? {}
  req.method = fields.method ?? 'GET'
  req.url = fields.url ?? '/'
  Object.defineProperty(req, 'socket', { value: fields.socket ?? { remoteAddress: '127.0.0.1' }, configurable: true, writable: true })
  return req
}
