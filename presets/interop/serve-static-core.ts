// The members that middleware typings add to `express-serve-static-core`'s Request and Response
// (`declare module 'express-serve-static-core' { interface Request { session: … } }`, as
// @types/express-session, @types/passport's companions and many apps write it), for the presets'
// request and response to extend: such members reach ristretto's handlers too.
//
// The module is optional: ristretto does not depend on @types/express-serve-static-core. When it
// is absent the import below resolves to nothing (its error is suppressed) and nothing is added;
// when it is present, its Request's and Response's members less the ones the module itself
// declares (Express 4's and 5's, listed below) and node's are the added ones.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'

/** What `express-serve-static-core` 4 and 5 declare on Request themselves. */
type CoreRequestMember =
  | 'accepted' | 'accepts' | 'acceptsCharsets' | 'acceptsEncodings' | 'acceptsLanguages' | 'app' | 'baseUrl' | 'body'
  | 'cookies' | 'fresh' | 'get' | 'header' | 'host' | 'hostname' | 'ip' | 'ips' | 'is' | 'method' | 'next' | 'originalUrl'
  | 'param' | 'params' | 'path' | 'protocol' | 'query' | 'range' | 'res' | 'route' | 'secure' | 'signedCookies' | 'stale'
  | 'subdomains' | 'url' | 'xhr'

/** What `express-serve-static-core` 4 and 5 declare on Response themselves. */
type CoreResponseMember =
  | 'app' | 'append' | 'attachment' | 'charset' | 'clearCookie' | 'contentType' | 'cookie' | 'download' | 'format' | 'get'
  | 'header' | 'headersSent' | 'json' | 'jsonp' | 'links' | 'locals' | 'location' | 'redirect' | 'render' | 'req' | 'send'
  | 'sendFile' | 'sendStatus' | 'sendfile' | 'set' | 'status' | 'type' | 'vary'

/** @ts-ignore That module's Request (`any` when the optional module does not resolve: see above). */
type CoreRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> = import('express-serve-static-core').Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>

/** @ts-ignore That module's Response (`any` when the optional module does not resolve: see above). */
type CoreResponse<ResBody, LocalsObj extends Record<string, any>> = import('express-serve-static-core').Response<ResBody, LocalsObj>

/** Whether `express-serve-static-core` resolved. */
type Present = 0 extends (1 & CoreRequest<{}, any, any, any, {}>) ? false : true

/**
 * The members declared on `express-serve-static-core`'s Request by augmentation (those on the
 * global `Express.Request` reach ristretto's request directly); `{}` without that module.
 */
export type CoreRequestAugmentation<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> = Present extends true
  ? Omit<CoreRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj>, CoreRequestMember | keyof IncomingMessage | keyof Express.Request>
  : {}

/** The members declared on `express-serve-static-core`'s Response by augmentation; `{}` without that module. */
export type CoreResponseAugmentation<ResBody, LocalsObj extends Record<string, any>> = Present extends true
  ? Omit<CoreResponse<ResBody, LocalsObj>, CoreResponseMember | keyof ServerResponse | keyof Express.Response>
  : {}
