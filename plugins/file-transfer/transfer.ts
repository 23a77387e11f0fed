// The file-transfer engine: finds the file, sets its headers, answers conditional and range requests, streams it.
/// <reference types="node" preserve="true" />
import fs = require('fs')
import path from 'path'
import type { IncomingMessage, ServerResponse } from 'http'
import etag from 'etag'
import parseRange from 'range-parser'
import createError from 'http-errors'
import type { HttpError } from '../shared/http-error'
import { resolveTarget } from './resolve-target'
import { isCachableStatus, isConditionalRequest, isFresh, isPreconditionFailure, isRangeFresh } from './conditional'
import type { CompiledTransferOptions } from './transfer-options'
import { isResponseFinished, onResponseFinished } from '../shared/response-finished'
import { writeFileBody, DEFAULT_CHUNK_SIZE } from './file-body'
import { checkInsideRealRoot } from './real-path'

/** What a transfer reports, in order: `headers`, `file`, then `stream` and `end`, or `directory`, or `error`. */
export interface TransferListeners {
  /** The transfer failed; `err.status` is the HTTP status (404 missing, 403 refused, 400 malformed, 412, 416, 500). */
  error (err: HttpError): void
  /** The path is a folder (and no index applies): the caller redirects or reports it. */
  directory (res: ServerResponse, file: string): void
  /** The file was found; set extra headers now (before the defaults, which do not overwrite them). */
  headers? (res: ServerResponse, file: string, stat: fs.Stats): void
  /** The file was found and is about to be answered (200, 206, 304, 412, 416 or HEAD). */
  file? (file: string, stat: fs.Stats): void
  /** The body is about to be read from the file and written to the response. */
  stream? (): void
  /** The whole body was handed to the response (`res.end` was called). */
  end? (): void
}

/** A Range header naming byte ranges (other units are ignored). */
const BYTES_RANGE = /^ *bytes=/

/** stat errors meaning "no such file" rather than a server fault. */
const NOT_FOUND_CODES: ReadonlySet<string | undefined> = new Set(['ENAMETOOLONG', 'ENOENT', 'ENOTDIR'])

/** Headers describing a body, removed from a 304. */
const CONTENT_HEADERS = ['Content-Encoding', 'Content-Language', 'Content-Length', 'Content-Range', 'Content-Type']

type ErrnoError = NodeJS.ErrnoException

/** Whether the client went away before anything was written (no point opening the file). */
function isConnectionGone (res: ServerResponse): boolean {
  return !res.headersSent && isResponseFinished(res)
}

/** One transfer of one request. */
class FileTransfer {
  constructor (
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    /** The requested path as given (URL-encoded for static serving): its trailing slash matters. */
    private readonly requested: string,
    private readonly options: CompiledTransferOptions,
    private readonly listeners: TransferListeners
  ) {}

  start (encoded: boolean): void {
    const target = resolveTarget(this.requested, encoded, this.options)
    if (target.status !== 0) {
      this.fail(target.status)
      return
    }
    if (this.options.index.length > 0 && this.hasTrailingSlash()) this.sendIndex(target.file)
    else this.sendFile(target.file)
  }

  hasTrailingSlash (): boolean {
    return this.requested[this.requested.length - 1] === '/'
  }

  private fail (status: number, cause?: Error | { headers: Record<string, string> }): void {
    const err = cause === undefined
      ? createError(status)
      : cause instanceof Error ? createError(status, cause, { expose: false }) : createError(status, cause)
    this.listeners.error(err)
  }

  private statFailed (err: ErrnoError): void {
    this.fail(NOT_FOUND_CODES.has(err.code) ? 404 : 500, err)
  }

  /** Serves `file`; when missing and extension-less, tries each configured extension in turn. */
  private sendFile (file: string): void {
    fs.stat(file, (err, stat) => {
      if (err && err.code === 'ENOENT' && !path.extname(file) && file[file.length - 1] !== path.sep) {
        this.tryExtensions(file, 0, err)
        return
      }
      if (err) { this.statFailed(err); return }
      if (stat.isDirectory()) { this.listeners.directory(this.res, file); return }
      this.found(file, stat)
    })
  }

  private tryExtensions (file: string, i: number, lastError: ErrnoError | null): void {
    const extensions = this.options.extensions
    if (i >= extensions.length) {
      if (lastError) this.statFailed(lastError)
      else this.fail(404)
      return
    }
    const candidate = file + '.' + extensions[i]
    fs.stat(candidate, (err, stat) => {
      if (err) { this.tryExtensions(file, i + 1, err); return }
      if (stat.isDirectory()) { this.tryExtensions(file, i + 1, null); return }
      this.found(candidate, stat)
    })
  }

  /** Serves the first index file of folder `dir` that exists. */
  private sendIndex (dir: string, i = 0, lastError: ErrnoError | null = null): void {
    const index = this.options.index
    if (i >= index.length) {
      if (lastError) this.statFailed(lastError)
      else this.fail(404)
      return
    }
    const candidate = path.join(dir, index[i])
    fs.stat(candidate, (err, stat) => {
      if (err) { this.sendIndex(dir, i + 1, err); return }
      if (stat.isDirectory()) { this.sendIndex(dir, i + 1, null); return }
      this.found(candidate, stat)
    })
  }

  private found (file: string, stat: fs.Stats): void {
    if (isConnectionGone(this.res)) return
    const root = this.options.root
    if (this.options.symlinks === 'inside-root' && root !== null) {
      checkInsideRealRoot(file, root, (err, inside) => {
        if (err) this.statFailed(err)
        else if (!inside) this.fail(403)
        else if (!isConnectionGone(this.res)) this.accept(file, stat)
      })
      return
    }
    this.accept(file, stat)
  }

  /** Answers with `file`, found and allowed. */
  private accept (file: string, stat: fs.Stats): void {
    if (this.listeners.file) this.listeners.file(file, stat)
    try {
      this.send(file, stat)
    } catch (err) {
      // A header listener threw, or a header value was invalid: an error, not a crashed process.
      this.fail(500, err as Error)
    }
  }

  private setFileHeaders (file: string, stat: fs.Stats): void {
    const { res, options } = this
    if (this.listeners.headers) this.listeners.headers(res, file, stat)
    if (options.acceptRanges && !res.getHeader('Accept-Ranges')) res.setHeader('Accept-Ranges', 'bytes')
    if (options.cacheControl && !res.getHeader('Cache-Control')) {
      let value = 'public, max-age=' + Math.floor(options.maxAge / 1000)
      if (options.immutable) value += ', immutable'
      res.setHeader('Cache-Control', value)
    }
    if (options.lastModified && !res.getHeader('Last-Modified')) res.setHeader('Last-Modified', stat.mtime.toUTCString())
    if (options.etag && !res.getHeader('ETag')) res.setHeader('ETag', etag(stat))
    if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', options.contentType(file))
  }

  private send (file: string, stat: fs.Stats): void {
    const { req, res, options } = this
    if (res.headersSent) {
      this.fail(500, new Error('Can\'t set headers after they are sent.'))
      return
    }
    this.setFileHeaders(file, stat)

    if (isConditionalRequest(req)) {
      if (isPreconditionFailure(req, res)) { this.fail(412); return }
      if (isCachableStatus(res.statusCode) && isFresh(req, res)) {
        for (const name of CONTENT_HEADERS) res.removeHeader(name)
        res.statusCode = 304
        res.end()
        return
      }
    }

    let offset = options.start
    let length = Math.max(0, stat.size - offset)
    if (options.end !== undefined) length = Math.max(0, Math.min(length, options.end - offset + 1))

    const range = req.headers.range
    if (options.acceptRanges && range !== undefined && BYTES_RANGE.test(range)) {
      let ranges = parseRange(length, range, { combine: true })
      if (!isRangeFresh(req, res)) ranges = -2
      if (ranges === -1) {
        const contentRange = 'bytes */' + length
        res.setHeader('Content-Range', contentRange)
        this.fail(416, { headers: { 'Content-Range': contentRange } })
        return
      }
      // Malformed or multiple ranges: the whole file, as a plain 200.
      if (ranges !== -2 && ranges.length === 1) {
        const { start, end } = ranges[0]
        res.statusCode = 206
        res.setHeader('Content-Range', `bytes ${start}-${end}/${length}`)
        offset += start
        length = end - start + 1
      }
    }

    res.setHeader('Content-Length', length)
    if (req.method === 'HEAD' || length === 0) {
      res.end()
      return
    }
    this.stream(file, offset, offset + length - 1)
  }

  private stream (file: string, start: number, end: number): void {
    const { res, listeners } = this
    if (listeners.stream) listeners.stream()
    const body = writeFileBody(res, file, start, end, this.options.highWaterMark ?? DEFAULT_CHUNK_SIZE, {
      error: (err) => { this.statFailed(err) },
      end: () => { if (listeners.end) listeners.end() }
    })
    // However the response ends (done, aborted, socket error), the file is closed.
    onResponseFinished(res, body.abort)
  }
}

/**
 * Transfers a file in answer to `req`. `requested` is resolved against `options.root` (or the working
 * directory); it is URL-decoded first when `encoded`. Nothing is sent on error or for a folder: the
 * listeners decide. The file is streamed, never read whole.
 *
 * @example
 * transferFile(req, res, parseUrl(req).pathname, compileTransferOptions({ root: 'public' }), {
 *   error: (err) => next(err), directory: () => next()
 * })
 */
export function transferFile (
  req: IncomingMessage,
  res: ServerResponse,
  requested: string,
  options: CompiledTransferOptions,
  listeners: TransferListeners,
  encoded = true
): void {
  new FileTransfer(req, res, requested, options, listeners).start(encoded)
}

/** Whether a requested path names a folder by ending in `/` (the engine's rule for index files). */
export function endsWithSlash (requested: string): boolean {
  return requested[requested.length - 1] === '/'
}
