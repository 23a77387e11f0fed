// The transfer engine (send-tracked.ts and all it needs: the transfer, its options, ranges, ETags,
// conditional requests, file bodies), required on the first file sent: an app that sends none never loads it.
import type * as SendTracked from './send-tracked'

let sendTracked: typeof SendTracked | undefined

/** send-tracked.ts, required on first use. */
export function loadSendTracked (): typeof SendTracked {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return sendTracked ??= require('./send-tracked') as typeof SendTracked
}
