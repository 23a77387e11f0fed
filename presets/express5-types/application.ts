// The application of the express5 preset: Express 5's app, its router methods typed as a Router's.
/// <reference types="node" preserve="true" />
import type { EventEmitter } from 'events'
import type { IncomingMessage, ServerResponse, Server } from 'http'
import type { Http2ServerRequest, Http2ServerResponse } from 'http2'
import type { ListenOptions } from 'net'
import type * as kernel from '../../kernel'
import type { EngineFunction } from '../../plugins/views'
import type { RenderLocals, RenderResultCallback } from '../../plugins/views/types'
import type { FetchContext } from '../../plugins/fetch'
import type { IRouter, IRouterHandler, IRouterMatcher, PathParams, Router } from './router'
import type { RequestHandlerParams, RequestParamHandler } from './handlers'
import type { Request } from './request'
import type { Response } from './response'

/** `app.use`: handlers with or without a path. */
export type ApplicationRequestHandler<T> = IRouterHandler<T> & IRouterMatcher<T> & ((...handlers: RequestHandlerParams[]) => T)

/** The callback of `app.listen`: called once, with the error when the server fails to listen. */
export type ListenCallback = (error?: Error) => void

/**
 * The application: a request handler with settings, routing and views. Express 5's: `app.router`
 * is the base router, `app.listen`'s callback receives a listen error, and `app.del` and
 * `app.param(fn)` are gone. `LocalsObj` types `app.locals`.
 */
export interface Application<LocalsObj extends Record<string, any> = Record<string, any>> extends EventEmitter, IRouter, Express.Application {
  (req: IncomingMessage | Http2ServerRequest | Request, res: ServerResponse | Http2ServerResponse | Response, next?: kernel.NextCallback): void
  init (): void
  defaultConfiguration (): void
  handle (req: IncomingMessage, res: ServerResponse, callback?: kernel.NextCallback): void
  /** Registers a template engine for an extension. */
  engine (ext: string, fn: EngineFunction): this
  /** Reads a setting, looking through the apps this one is mounted on (`any`, as the settings are the app's). */
  set (setting: string): any
  /** Sets a setting (`any`: settings hold the app's own values too). */
  set (setting: string, val: any): this
  /** `app.get(name)` reads a setting; `app.get(path, ...handlers)` routes GET (and HEAD). */
  get: ((name: string) => any) & IRouterMatcher<this>
  param (name: string | string[], handler: RequestParamHandler): this
  /** The app's full mount path (`''` for the top app). */
  path (): string
  enabled (setting: string): boolean
  disabled (setting: string): boolean
  enable (setting: string): this
  disable (setting: string): this
  /** Renders a view with the app's locals. */
  render (name: string, options?: RenderLocals, callback?: RenderResultCallback): void
  render (name: string, callback: RenderResultCallback): void
  /** Creates an `http.Server` for the app and listens (the arguments of `server.listen`). */
  listen (port: number, hostname: string, backlog: number, callback?: ListenCallback): Server
  listen (port: number, hostname: string, callback?: ListenCallback): Server
  listen (port: number, callback?: ListenCallback): Server
  listen (callback?: ListenCallback): Server
  listen (path: string, callback?: ListenCallback): Server
  listen (options: ListenOptions, callback?: ListenCallback): Server
  /** Any other `server.listen` form (a handle). `any`: node's own type for it. */
  listen (handle: any, listeningListener?: ListenCallback): Server
  /** The app's base router, made on first read. */
  router: Router
  /** The settings, those with a default set at creation (`any`: they hold the app's own values too). */
  settings: any
  /** App-wide view variables; `locals.settings` is `app.settings`. */
  locals: LocalsObj & kernel.Locals
  use: ApplicationRequestHandler<this>
  /** `mount` is emitted on a sub-app when it is mounted, with the parent app. */
  on: (event: 'mount', callback: (parent: Application) => void) => this
  /** The path pattern(s) this app was mounted on. */
  mountpath: PathParams
  /** The app this one was mounted on. */
  parent?: Application
  /** Per-app request prototype. */
  request: Request
  /** Per-app response prototype. */
  response: Response
  /** Template engines by extension. */
  engines: Record<string, EngineFunction>
  /** Compiled view cache. */
  cache: Record<string, unknown>
  /**
   * Answers a Web `Request` with a Web `Response`, as the app answers over a socket (bound to
   * the app: `Bun.serve({ fetch: app.fetch })`, `Deno.serve(app.fetch)`).
   */
  fetch (request: globalThis.Request, context?: FetchContext): Promise<globalThis.Response>
}

/** What the framework function returns. */
export interface Express extends Application {
  request: Request
  response: Response
}
