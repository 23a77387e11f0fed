// Public types of the static plugin: the options of framework.static(root, options).
/// <reference types="node" preserve="true" />
import type { Stats } from 'fs'
import type { TransferOptions, MimeLookup } from '../file-transfer'
import type { RequestHandler, Named } from '../../kernel/types'

/** Options of `framework.static(root, options)`. The transfer options apply (root comes from the argument). */
export interface StaticOptions extends Omit<TransferOptions, 'root'> {
  /** true (default): missing files and client errors call next(); false: they call next(err), and other methods get 405. */
  fallthrough?: boolean
  /** true (default): a folder requested without a trailing slash is redirected (301) to it with one. */
  redirect?: boolean
  /** Called when a file is found, before its headers are written: set custom headers synchronously. */
  setHeaders?: (res: Named.Response, path: string, stat: Stats) => void
}

/** `framework.static`: the middleware factory, with the media-type table it uses. */
export interface StaticFactory {
  (root: string, options?: StaticOptions): RequestHandler
  /** Media types by extension (`framework.static.mime.lookup('html')`), also used by res.type. */
  readonly mime: MimeLookup
}

declare module '../../kernel/framework' {
  interface Framework {
    /**
     * Serves files below `root`, found by combining it with `req.url`. GET and HEAD only.
     * @example app.use('/assets', framework.static('public', { maxAge: '1d', immutable: true }))
     */
    static: StaticFactory
  }
}
