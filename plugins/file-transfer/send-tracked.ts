// Runs a transfer for a response helper: user headers, the completion callback, or errors handed to next().
import type { ServerResponse } from 'http'
import statuses from 'statuses'
import type { Request, Response } from '../../kernel/types'
import { transferFile } from './transfer'
import { trackTransfer, type TransferCallback } from './track-transfer'
import { compileTransferOptions } from './transfer-options'
import type { SendFileOptions } from './types'
import type { FileTransferPolicy } from './policy'

type TransferError = Parameters<TransferCallback>[0]

/** Answers without the router (a response used outside an app): the error's status page, or a cut connection. */
function answerDirectly (res: ServerResponse, err: NonNullable<TransferError> | null): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const status = err && typeof err.status === 'number' ? err.status : 404
  const body = statuses.message[status] || String(status)
  res.statusCode = status
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

/** What a helper does with the outcome when the user gave no callback: folders and errors go to next(). */
function forwardOutcome (req: Request, res: ServerResponse, err: TransferError): void {
  if (!err) return
  const next = req.next
  if (err.code === 'EISDIR') {
    if (next) next()
    else answerDirectly(res, null)
    return
  }
  // An aborted client or a failed socket write needs no error page.
  if (err.code === 'ECONNABORTED' || (err as NodeJS.ErrnoException).syscall === 'write') return
  if (next) next(err)
  else answerDirectly(res, err)
}

/**
 * Sends `requested` with `options` under the framework's `policy`, reporting once to `done`, or to
 * `next` when `done` is absent. Throws a TypeError for invalid options (as the helpers do synchronously).
 */
export function sendTracked (
  res: Response,
  requested: string,
  encoded: boolean,
  options: SendFileOptions,
  done: TransferCallback | undefined,
  policy: Readonly<FileTransferPolicy>
): void {
  const compiled = compileTransferOptions(options, policy)
  const req = res.req
  const listeners = trackTransfer(res, done || ((err) => forwardOutcome(req, res, err)), policy.directoryStatus)
  const headers = options.headers
  if (headers) {
    listeners.headers = function setUserHeaders (response) {
      for (const name of Object.keys(headers)) response.setHeader(name, headers[name] as string | number | string[])
    }
  }
  transferFile(req, res, requested, compiled, listeners, encoded)
}
