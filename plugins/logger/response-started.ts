// Whether a response has started, i.e. its status line and headers were written.
/// <reference types="node" preserve="true" />
import type { ServerResponse } from 'http'

/** `res.headersSent`, or the older `res._header` on objects that lack the getter. */
export function responseStarted (res: ServerResponse): boolean {
  return typeof res.headersSent === 'boolean'
    ? res.headersSent
    : Boolean((res as ServerResponse & { _header?: unknown })._header)
}
