// res.json(body) and res.jsonp(body): JSON bodies, with the json settings and the JSONP wrapper.
import type { Response } from '../../kernel/types'
import { reporter } from '../../kernel/deprecate'
import { markTyped } from './content-type'

/** Characters a browser could sniff as HTML inside JSON, for the `json escape` setting. */
const HTML_SNIFFING_CHARS = /[<>&]/g
/** Everything a JSONP callback name may not contain (allowed: word characters, `$`, `.`, `[`, `]`). */
const UNSAFE_CALLBACK_CHARS = /[^[\]\w$.]/g
/** Line and paragraph separators: valid in JSON, not in older JavaScript string literals. */
const LINE_SEPARATOR = /\u2028/g
const PARAGRAPH_SEPARATOR = /\u2029/g

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

/** Unicode escapes of the HTML-sniffing characters. */
function escapeChar (c: string): string {
  switch (c.charCodeAt(0)) {
    case 0x3c: return '\\u003c'
    case 0x3e: return '\\u003e'
    default: return '\\u0026'
  }
}

/** JSON text of `value` with the app's json settings; undefined when JSON has no text for it. */
function stringify (res: Response, value: unknown): string | undefined {
  const app = res.app
  const replacer = app.get('json replacer')
  const spaces = app.get('json spaces')
  const json: string | undefined = replacer || spaces
    ? JSON.stringify(value, replacer, spaces)
    : JSON.stringify(value)
  return app.get('json escape') && typeof json === 'string' ? json.replace(HTML_SNIFFING_CHARS, escapeChar) : json
}

/** Resolves the deprecated two-argument forms `(status, body)` and `(body, status)` to the body. */
function bodyOf (res: Response, name: string, args: IArguments): unknown {
  if (args.length !== 2) return args[0]
  if (typeof args[1] === 'number') {
    deprecate(`res.${name}(obj, status): Use res.status(status).${name}(obj) instead`)
    res.statusCode = args[1]
    return args[0]
  }
  deprecate(`res.${name}(status, obj): Use res.status(status).${name}(obj) instead`)
  res.statusCode = args[0]
  return args[1]
}

/**
 * Sends `body` as JSON (`application/json` unless a type is set), with the
 * `json replacer`, `json spaces` and `json escape` settings.
 */
export function json (this: Response, body?: unknown): Response {
  return sendJson(this, bodyOf(this, 'json', arguments))
}

/** What `res.json(body)` does once the body is known. */
export function sendJson (res: Response, body: unknown): Response {
  const text = stringify(res, body)
  if (!res.get('Content-Type')) {
    res.set('Content-Type', 'application/json')
    markTyped(res)
  }
  return res.send(text)
}

/**
 * Like `res.json`, but when the query parameter named by `jsonp callback name` is a non-empty
 * string, answers `text/javascript` calling that (sanitised) callback with the JSON.
 * @example
 * // GET /?callback=cb answers: typeof cb === 'function' && cb({"a":1}); (after an empty comment)
 * res.jsonp({ a: 1 })
 */
export function jsonp (this: Response, body?: unknown): Response {
  return sendJsonp(this, bodyOf(this, 'jsonp', arguments))
}

/** What `res.jsonp(body)` does once the body is known. */
export function sendJsonp (res: Response, body: unknown): Response {
  let text = stringify(res, body)
  const query = (res.req as { query?: Record<string, unknown> }).query
  let callback = query ? query[res.app.get('jsonp callback name')] : undefined

  if (!res.get('Content-Type')) {
    res.set('X-Content-Type-Options', 'nosniff')
    res.set('Content-Type', 'application/json')
  }

  if (Array.isArray(callback)) callback = callback[0]

  if (typeof callback === 'string' && callback.length !== 0) {
    res.set('X-Content-Type-Options', 'nosniff')
    res.set('Content-Type', 'text/javascript')
    const name = callback.replace(UNSAFE_CALLBACK_CHARS, '')
    const args = text === undefined
      ? ''
      : text.replace(LINE_SEPARATOR, '\\u2028').replace(PARAGRAPH_SEPARATOR, '\\u2029')
    // The comment keeps a body that starts with the callback from being read as something else (Flash, etc.).
    text = `/**/ typeof ${name} === 'function' && ${name}(${args});`
  }

  return res.send(text)
}
