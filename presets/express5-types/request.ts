// The request of the express5 preset: the request plugin's members, as Express 5 keeps them.
/// <reference types="node" preserve="true" />
import type { IncomingMessage } from 'http'
import type * as kernel from '../../kernel'
import type { ParamsDictionary } from './params'
import type { Response } from './response'
import type { Application } from './application'
import type { CoreRequestAugmentation } from '../interop/serve-static-core'
import '../../plugins/request/types'

/** The members of the kernel's request (and the request plugin's) that Express 5 has unchanged. */
type Kept =
  | 'baseUrl' | 'originalUrl' | 'params' | 'query' | 'route' | 'body' | 'cookies' | 'signedCookies' | 'secret' | 'next'
  | 'protocol' | 'secure' | 'ip' | 'ips' | 'subdomains' | 'path' | 'hostname' | 'fresh' | 'stale' | 'xhr'
  | 'get' | 'header' | 'accepts' | 'acceptsCharsets' | 'acceptsEncodings' | 'acceptsLanguages' | 'is' | 'range'

/**
 * The request a handler sees: node's `IncomingMessage` with Express 5's members. Unlike Express 4
 * it has no `req.param()` and no singular `acceptsCharset`/`acceptsEncoding`/`acceptsLanguage`;
 * `req.host` keeps the port; `req.query` is parsed on each read (`'simple'` parser by default).
 * `P` types `req.params`, `ReqBody` `req.body`, `ReqQuery` `req.query`, `ResBody` and
 * `LocalsObj` `req.res` (`any` defaults: bodies are the app's, as in `@types/express`).
 */
export interface Request<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> extends IncomingMessage, Express.Request, Pick<kernel.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, Kept>, CoreRequestAugmentation<P, ResBody, ReqBody, ReqQuery, LocalsObj> {
  /** The application handling the request. */
  app: Application
  /** The response of this request. */
  res?: Response<ResBody, LocalsObj>
  /** The path and query, relative to the mount point inside a mounted app or router. */
  url: string
  /** The request method, uppercase (`'GET'`). */
  method: string
  /** `Host` (or the trusted `X-Forwarded-Host`) with its port, when it has one. */
  readonly host: string
}
