// The reply of last resort: 404 when nothing answered, the error page when an error escaped.
// encodeurl, escape-html, on-finished and statuses are required where an answer uses them (node
// caches each after the first): an app whose routes answer every request never loads them.
/* eslint-disable @typescript-eslint/no-require-imports */
import type encodeUrl from 'encodeurl'
import type escapeHtml from 'escape-html'
import type onFinished from 'on-finished'
import parseUrl from 'parseurl'
import type statuses from 'statuses'
import { kernelOf } from './internal/kernel-of'
import { htmlDocument } from './html-document'
import { publishError } from './internal/tracing'
import { staysOpen } from './internal/stays-open'
import type { Application } from './types'

const DOUBLE_SPACE = /\x20{2}/g
const NEWLINE = /\n/g

/** A status an error asks for: `status` or `statusCode`, when it is a 4xx or 5xx. */
function errorStatus (err: any): number | undefined {
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 600) return err.status
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600) return err.statusCode
  return undefined
}

function errorHeaders (err: any): Record<string, unknown> | undefined {
  if (!err.headers || typeof err.headers !== 'object') return undefined
  return { ...err.headers }
}

function errorMessage (err: any, status: number, env: string): string {
  let msg: string | undefined
  if (env !== 'production') {
    // The stack when there is one, else the error's own text.
    msg = err.stack
    if (!msg && typeof err.toString === 'function') msg = err.toString()
  }
  // A status without a reason phrase (599, 404.5) reads `undefined` in production, as in Express 4: same bytes.
  return msg || String((require('statuses') as typeof statuses).message[status])
}

/** Logs an error to stderr as the app's framework says (by default its stack, else its text, as Express 4), except in the `test` env. */
function logError (app: Application, err: any): void {
  const log = kernelOf.get(app)?.appHandling.logError
  if (app.get('env') !== 'test') log ? log(err) : console.error(err && (err.stack || err.toString()))
}

/**
 * Returns the `done` callback of a request that reached the end of an app's stack.
 * The `finalHandler` hook may take the reply over; otherwise Express 4's default page.
 */
export function finalHandler (req: any, res: any, app: Application) {
  return function done (err?: unknown): void {
    // Nothing left to answer, and no error: a response under way is its handlers' to finish.
    if (!err && headersSent(res)) return
    if (err) publishError({ req, res, error: err, app })
    const kernel = kernelOf.get(app)
    if (kernel && kernel.hooks.finalHandler.isUsed() && kernel.hooks.finalHandler.call(err, req, res, app) === true) return

    let status: number
    let msg: string
    let headers: Record<string, unknown> | undefined
    if (err) {
      const e = err as any
      const fromErr = errorStatus(e)
      if (fromErr === undefined) {
        status = typeof res.statusCode === 'number' && res.statusCode >= 400 && res.statusCode <= 599 ? res.statusCode : 500
      } else {
        status = fromErr
        headers = errorHeaders(e)
      }
      msg = errorMessage(e, status, app.get('env'))
      if (kernel && kernel.hooks.errorPage.isUsed()) msg = kernel.hooks.errorPage.call(msg, e, status, app)
    } else {
      status = 404
      msg = `Cannot ${req.method} ${(require('encodeurl') as typeof encodeUrl)(resourceName(req))}`
    }

    if (err) setImmediate(logError, app, err)

    if (headersSent(res)) {
      // Too late for an error page: the connection is cut, so the client sees the response broken.
      if (req.socket) req.socket.destroy()
      return
    }
    send(req, res, status, headers, msg)
  }
}

function headersSent (res: any): boolean {
  return typeof res.headersSent === 'boolean' ? res.headersSent : Boolean(res._header)
}

function resourceName (req: any): string {
  try {
    return parseUrl.original(req)?.pathname || 'resource'
  } catch {
    return 'resource'
  }
}

function send (req: any, res: any, status: number, headers: Record<string, unknown> | undefined, message: string): void {
  function write (): void {
    // The message escaped, its line breaks and runs of spaces kept visible.
    const body = htmlDocument('Error', (require('escape-html') as typeof escapeHtml)(message).replace(NEWLINE, '<br>').replace(DOUBLE_SPACE, ' &nbsp;'))
    res.statusCode = status
    if (req.httpVersionMajor < 2) res.statusMessage = (require('statuses') as typeof statuses).message[status]
    res.removeHeader('Content-Encoding')
    res.removeHeader('Content-Language')
    res.removeHeader('Content-Range')
    if (headers) {
      for (const key of Object.keys(headers)) res.setHeader(key, headers[key])
    }
    res.setHeader('Content-Security-Policy', "default-src 'none'")
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'))
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    res.end(body, 'utf8')
  }
  if ((require('on-finished') as typeof onFinished).isFinished(req)) {
    write()
    return
  }
  // Discard what is left of the request. A connection that stays open is answered at once (node
  // keeps reading and dropping the rest, so a client still sending gets its 413 and an endless body
  // is never waited for); one that closes after the answer is answered once the request is read,
  // because closing on unread data resets the connection and the client would lose the answer.
  req.unpipe()
  req.resume()
  if (staysOpen(req, res)) write()
  else (require('on-finished') as typeof onFinished)(req, write)
}
