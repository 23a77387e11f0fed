// Public types of the response plugin: the helpers it adds to Response, and their option shapes.
/// <reference types="node" preserve="true" />
import type { Request, Response, NextFunction } from '../../kernel/types'

/** Options of `res.cookie(name, value, options)` and `res.clearCookie(name, options)`. */
export interface CookieOptions {
  /** Cookie domain; by default the host that set it. */
  domain?: string
  /** Synchronous value encoder; default `encodeURIComponent`. */
  encode?: (value: string) => string
  /** Expiry date (sent in GMT). Absent: a session cookie. */
  expires?: Date
  /** Not readable from client scripts. */
  httpOnly?: boolean
  /** Expiry relative to now, in milliseconds; sets both `Max-Age` and `Expires`. `null` is ignored. */
  maxAge?: number | null
  /** Cookie path; default `/`. */
  path?: string
  /** Partitioned storage (CHIPS). */
  partitioned?: boolean
  /** The `Priority` attribute. */
  priority?: 'low' | 'medium' | 'high'
  /** Sent over HTTPS only. */
  secure?: boolean
  /** Sign the value with `req.secret` (set by cookie-parsing middleware). */
  signed?: boolean
  /** The `SameSite` attribute: `true` means `Strict`. */
  sameSite?: boolean | 'lax' | 'strict' | 'none'
}

/** A `res.format` callback: called with `this` bound to the handlers object. */
export type FormatCallback = (this: FormatHandlers, req: Request, res: Response, next: NextFunction) => unknown

/** The object given to `res.format`: media types or extension names, plus an optional `default`. */
export interface FormatHandlers {
  [type: string]: FormatCallback | undefined
  default?: FormatCallback
}

/** An ETag generator, as compiled from the `etag` setting: returns a quoted tag, or nothing to send none. */
export type ETagFunction = (body: Buffer | string, encoding?: BufferEncoding) => string | undefined | null | false

/** An `etag` value: `true` or `'weak'`, `'strong'`, `false` (no ETags), or a generator. */
export type ETagSetting = boolean | 'weak' | 'strong' | ETagFunction

declare module '../../kernel/types' {
  interface Settings {
    /**
     * ETags of dynamic responses (`res.send`): `true` or `'weak'` (default), `'strong'`, `false`
     * (none), or a function `(body, encoding) => tag`. Static files have their own.
     */
    etag: ETagSetting
    /** The compiled `etag` setting: undefined when ETags are off (set by the framework). */
    'etag fn': ETagFunction | undefined
    /** The query parameter naming the callback of `res.jsonp`. Default `'callback'`. */
    'jsonp callback name': string
    /** Escape `<`, `>` and `&` in JSON responses, so they cannot be sniffed as HTML. */
    'json escape'?: boolean
    /** The `replacer` of JSON responses: a function or a list of keys, given to `JSON.stringify` as is (`any`: its own type). */
    'json replacer'?: any
    /** The `space` of JSON responses: an indent width or string. */
    'json spaces'?: number | string
  }

  // The type parameters repeat the kernel's declaration exactly, as merging requires (`any`: bodies and locals are the app's).
  interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number> {
    /** A charset an app or middleware records on the response (Express's typings declare it; the framework does not read it). */
    charset: string
    /**
     * Sets the status code; chainable. Non-integer and string codes are deprecated (floored by node);
     * a code outside 100..999 makes node throw a `RangeError` when the head is written.
     * @example res.status(404).send('Not here')
     */
    status (code: StatusCode): this
    /** Sets the status and sends its standard message as `text/plain` (the number itself when unknown). */
    sendStatus (code: StatusCode): this
    /**
     * Sets a header, or several from an object. Values are coerced to strings (arrays to arrays of strings).
     * A text `Content-Type` without a charset gets one (`text/html` → `text/html; charset=utf-8`).
     * @throws TypeError when `Content-Type` is given an array, or a value holds CR/LF (node's ERR_INVALID_CHAR).
     */
    set (field: string, value?: string | string[]): this
    /** `any`, as `@types/express` types it: an object of fields (any values, coerced), or a name alone. */
    set (field: any): this
    /** Alias of {@link Response.set}. */
    header (field: string, value?: string | string[]): this
    header (field: any): this
    /** The response header `field` (case-insensitive), as set so far. */
    get (field: string): string | undefined
    /** Appends to a header, creating it if absent (`Set-Cookie` lines stay separate). */
    append (field: string, value?: string | string[]): this
    /** Sets `Content-Type`: used as is when it contains `/`, else looked up as an extension (`'json'`, `'.html'`, `'a.png'`). */
    type (type: string): this
    /** Alias of {@link Response.type}. */
    contentType (type: string): this
    /** Adds `field` (or each of an array) to the `Vary` header when absent. */
    vary (field: string | string[]): this
    /**
     * Appends to the `Link` header one `<url>; rel="name"` per property of `links` (URLs by
     * relation). `any`, as Express's typings take it.
     */
    links (links: any): this
    /**
     * Sets `Location`, percent-encoding what is not already encoded. `'back'` (deprecated) means the Referrer or `/`.
     */
    location (url: string | URL): this
    /**
     * Redirects: status 302 unless given first; the body (text or HTML, negotiated) names the target, escaped.
     * @example res.redirect(301, '/new-home')
     */
    redirect (url: string): void
    redirect (status: number, url: string): void
    /** @deprecated since 4.x: use `res.redirect(status, url)`. */
    redirect (url: string, status: number): void
    /** Sets `Content-Disposition: attachment`, with the filename and its `Content-Type` when given. */
    attachment (filename?: string): this
    /**
     * Sets a cookie (`Set-Cookie`, appended). Objects are sent as `j:` + JSON; `signed` needs `req.secret`.
     * @throws TypeError for a name, value or option the cookie grammar refuses.
     */
    cookie (name: string, value: unknown, options?: CookieOptions): this
    /** Clears a cookie: an empty value expiring at the epoch, with the options it was set with. */
    clearCookie (name: string, options?: CookieOptions): this
    /**
     * Runs the callback whose type `req.accepts` prefers, sets its `Content-Type` and `Vary: Accept`;
     * else `default`; else `next` gets a 406 error carrying `types`.
     */
    format (handlers: FormatHandlers): this
    /**
     * Sends a response: strings as HTML, Buffers as octet-stream, objects/arrays/booleans as JSON.
     * Sets Content-Length and ETag (the `etag` setting), answers 304 when fresh, sends no body for HEAD.
     */
    send (body?: ResBody): this
    /** @deprecated use `res.status(status).send(body)`. `res.send(number)` alone is `res.sendStatus` (deprecated). */
    send (statusOrBody: unknown, bodyOrStatus: unknown): this
    /** Sends `body` as JSON with the `json replacer`, `json spaces` and `json escape` settings. */
    json (body?: ResBody): this
    /** @deprecated use `res.status(status).json(body)`. */
    json (statusOrBody: unknown, bodyOrStatus: unknown): this
    /** Like `res.json`, wrapped in the callback named by the `jsonp callback name` query parameter when present. */
    jsonp (body?: ResBody): this
    /** @deprecated use `res.status(status).jsonp(body)`. */
    jsonp (statusOrBody: unknown, bodyOrStatus: unknown): this
  }
}
