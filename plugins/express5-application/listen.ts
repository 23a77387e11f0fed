// app.listen's callback as Express 5 calls it: once, with the error when the server cannot listen.
/// <reference types="node" preserve="true" />
import type { Server } from 'http'

/**
 * When the last of `args` (what `server.listen` is about to be called with) is a function, calls
 * it once only: with no argument when the server listens, or with the error the server emits
 * first (`EADDRINUSE`, `EACCES`…) instead of leaving that error unhandled.
 */
export function callbackOnError (server: Server, args: unknown[]): void {
  const last = args.length - 1
  const callback = args[last]
  if (typeof callback !== 'function') return
  let called = false
  const once = function (this: unknown, ...results: unknown[]): void {
    if (called) return
    called = true
    server.removeListener('error', once)
    callback.apply(this, results)
  }
  args[last] = once
  server.once('error', once)
}
