// Turns a transfer's events and the response's end into one completion callback: done, failed or aborted.
/// <reference types="node" preserve="true" />
import type { ServerResponse } from 'http'
import { onResponseFinished } from '../shared/response-finished'
import type { TransferListeners } from './transfer'

/** The callback of res.sendFile / res.download: no argument on success. */
export type TransferCallback = (err?: Error & { code?: string, status?: number }) => void

function abortedError (): Error & { code: string } {
  return Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' })
}

/** The error a folder gives: with `status` (and `statusCode`) when one is asked for. */
function directoryError (status: number | undefined): Error & { code: string } {
  const err = Object.assign(new Error('EISDIR, read'), { code: 'EISDIR' })
  return status === undefined ? err : Object.assign(err, { status, statusCode: status, expose: true })
}

/**
 * Returns transfer listeners that call `callback` exactly once: with no error when the file (or a
 * 304/HEAD/range answer) was sent, with the transfer's error, with an `EISDIR` error for a folder,
 * or with an `ECONNABORTED` error when the client left before the file was sent. The `EISDIR`
 * error carries `directoryStatus` as its `status`, when given.
 */
export function trackTransfer (res: ServerResponse, callback: TransferCallback, directoryStatus?: number): TransferListeners {
  let done = false
  // undefined: no file yet; false: answered without a body stream; true: body streaming.
  let streaming: boolean | undefined

  function finish (err?: Error): void {
    if (done) return
    done = true
    callback(err)
  }

  onResponseFinished(res, function responseFinished (err) {
    if (err && (err as NodeJS.ErrnoException).code === 'ECONNRESET') { finish(abortedError()); return }
    if (err) { finish(err); return }
    if (done) return
    // Let a stream's own `end` (or error) be reported first.
    setImmediate(function settle () {
      if (done) return
      if (streaming !== false) finish(abortedError())
      else finish()
    })
  })

  return {
    error: (err) => finish(err),
    directory: () => finish(directoryError(directoryStatus)),
    file: () => { streaming = false },
    stream: () => { streaming = true },
    end: () => finish()
  }
}
