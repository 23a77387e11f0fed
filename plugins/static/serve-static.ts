// framework.static(root, options): the middleware serving files below a root folder, on the file-transfer engine.
import path from 'path'
import type { IncomingMessage, ServerResponse } from 'http'
import parseUrl from 'parseurl'
import createError from 'http-errors'
import { compileTransferOptions, endsWithSlash, transferFile, type TransferDefaults, type TransferListeners } from '../file-transfer'
import type { NextFunction, RequestHandler } from '../../kernel/types'
import { redirectToFolder } from './directory-listener'
import type { StaticOptions } from './types'

/** The methods static serving answers; others pass on (or get 405 without fallthrough). */
const ALLOWED_METHODS = 'GET, HEAD'

/**
 * Creates the static middleware. Options are checked and compiled here, once; `defaults` (a
 * framework's file-transfer policy) stand in for `dotfiles` and `symlinks` when they are not set.
 * @throws TypeError without a string root, or for a non-function `setHeaders` / bad option lists.
 */
export function serveStatic (root: string, options?: StaticOptions, defaults?: TransferDefaults): RequestHandler {
  if (!root) throw new TypeError('root path required')
  if (typeof root !== 'string') throw new TypeError('root path must be a string')

  const opts: StaticOptions = options || {}
  const fallthrough = opts.fallthrough !== false
  const redirect = opts.redirect !== false
  const setHeaders = opts.setHeaders
  if (setHeaders && typeof setHeaders !== 'function') throw new TypeError('option setHeaders must be function')

  const layered = Object.create(opts)
  layered.maxAge = opts.maxAge || opts.maxage || 0
  layered.root = path.resolve(root)
  const compiled = compileTransferOptions(layered, defaults)

  // Named as serve-static names its middleware: tools name spans and layers after it.
  return function serveStatic (req: IncomingMessage, res: ServerResponse, next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (fallthrough) { next(); return }
      res.statusCode = 405
      res.setHeader('Allow', ALLOWED_METHODS)
      res.setHeader('Content-Length', '0')
      res.end()
      return
    }

    const original = parseUrl.original(req)
    let requested = parseUrl(req)?.pathname || ''
    // A mount point requested without its slash must still redirect: let the folder be seen as such.
    if (requested === '/' && !endsWithSlash((original && original.pathname) || '')) requested = ''

    // Client errors fall through until a file is found; afterwards every error is forwarded.
    let forwardError = !fallthrough
    const listeners: TransferListeners = {
      error (err) {
        if (forwardError || !(err.statusCode < 500)) next(err)
        else next()
      },
      directory (response) {
        if (redirect && !endsWithSlash(requested)) redirectToFolder(req, response)
        else listeners.error(createError(404))
      },
      file () { forwardError = true }
    }
    if (setHeaders) listeners.headers = setHeaders
    transferFile(req, res, requested, compiled, listeners)
  } as RequestHandler
}
