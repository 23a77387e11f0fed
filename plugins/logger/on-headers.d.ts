// Types of the `on-headers` package (it ships none): run a listener just before a response writes its headers.
declare module 'on-headers' {
  import type { ServerResponse } from 'http'
  /** Calls `listener` (with `this` = `res`) once, right before `res` writes its status line and headers. */
  function onHeaders<Res extends ServerResponse> (res: Res, listener: (this: Res) => void): void
  export = onHeaders
}
