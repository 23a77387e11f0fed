// The response of the express5 preset: the response, file and view helpers with Express 5's signatures.
/// <reference types="node" preserve="true" />
import type { ServerResponse } from 'http'
import type * as kernel from '../../kernel'
import type { CookieOptions } from '../../plugins/response/types'
import type { SendFileOptions } from '../../plugins/file-transfer'
import type { RenderLocals, RenderResultCallback } from '../../plugins/views/types'
import type { CoreResponseAugmentation } from '../interop/serve-static-core'
import type { Request } from './request'
import type { Application } from './application'

/** `res.send` and its kin: take a body of type `ResBody`, return `T`. */
export type Send<ResBody = any, T = Response<ResBody>> = (body?: ResBody) => T

/** The callback of `res.sendFile` and `res.download`: the error, if the transfer failed. */
export type Errback = (err?: Error) => void

/** A `res.format` callback, called with `this` bound to the handlers object. */
export type FormatCallback = (this: FormatHandlers, req: Request, res: Response, next: kernel.NextFunction) => unknown

/** The object given to `res.format`: media types or extension names, plus an optional `default`. */
export interface FormatHandlers {
  [type: string]: FormatCallback | undefined
  default?: FormatCallback
}

/**
 * The response a handler sees: node's `ServerResponse` with Express 5's members. `res.send`,
 * `res.json` and `res.jsonp` take the body only (`res.status(code)` sets the status);
 * `res.redirect` takes the status first; `res.sendfile` is gone. `ResBody` types the bodies,
 * `LocalsObj` `res.locals`, `StatusCode` what `res.status` takes (`any` defaults, as in `@types/express`).
 */
export interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number> extends ServerResponse, Express.Response, CoreResponseAugmentation<ResBody, LocalsObj> {
  /** The application handling the request. */
  app: Application
  /** The request of this response. */
  req: Request
  /** Per-request view variables. */
  locals: LocalsObj & kernel.Locals
  /** A charset an app or middleware records on the response (the framework does not read it). */
  charset: string
  /** Sets the status code (an integer from 100 to 999, else a `RangeError`); chainable. */
  status (code: StatusCode): this
  /** Sets the status and sends its standard message as `text/plain`. */
  sendStatus (code: StatusCode): this
  /** Sets a header, or several from an object (`any`, as `@types/express` takes it). */
  set (field: any): this
  set (field: string, value?: string | string[]): this
  /** Alias of {@link Response.set}. */
  header (field: any): this
  header (field: string, value?: string | string[]): this
  /** The response header `field`, as set so far. */
  get (field: string): string | undefined
  /** Appends to a header, creating it if absent. */
  append (field: string, value?: string[] | string): this
  /** Sets `Content-Type`: as is when it contains `/`, else by extension (mime-types 3). */
  type (type: string): this
  /** Alias of {@link Response.type}. */
  contentType (type: string): this
  /** Adds `field` to the `Vary` header when absent. */
  vary (field: string): this
  /** Appends to `Link` one `<url>; rel="name"` per relation (`any`: URLs or arrays of URLs by relation). */
  links (links: any): this
  /** Sets `Location`, percent-encoding what is not already encoded. */
  location (url: string): this
  /** Redirects to `url` with 302, or with `status` given first. */
  redirect (url: string): void
  redirect (status: number, url: string): void
  /** Sets `Content-Disposition: attachment`, with the filename and its `Content-Type` when given. */
  attachment (filename?: string): this
  /** Sets a cookie (objects as `j:` + JSON; `signed` needs `req.secret`); `any`: any value is serialized. */
  cookie (name: string, val: string, options: CookieOptions): this
  cookie (name: string, val: any, options: CookieOptions): this
  cookie (name: string, val: any): this
  /** Clears a cookie set with the same options (`maxAge` and `expires` ignored). */
  clearCookie (name: string, options?: CookieOptions): this
  /** Runs the handler `req.accepts` prefers, else `default`, else `next` gets a 406 error. */
  format (handlers: FormatHandlers): this
  /** Sends a body: strings as HTML, Buffers and typed arrays as bytes, the rest as JSON. */
  send: Send<ResBody, this>
  /** Sends the body as JSON. */
  json: Send<ResBody, this>
  /** Sends the body as JSON, wrapped in the callback the query names when present. */
  jsonp: Send<ResBody, this>
  /** Sends a file (`root` needed for a relative path). */
  sendFile (path: string, fn?: Errback): void
  sendFile (path: string, options: SendFileOptions, fn?: Errback): void
  /** Sends a file as an attachment. */
  download (path: string, fn?: Errback): void
  download (path: string, filename: string, fn?: Errback): void
  download (path: string, filename: string, options: SendFileOptions, fn?: Errback): void
  /** Renders a view and sends it (or hands it to the callback). */
  render (view: string, options?: RenderLocals, callback?: RenderResultCallback): void
  render (view: string, callback?: RenderResultCallback): void
}
