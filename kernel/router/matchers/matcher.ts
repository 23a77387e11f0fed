// How a router finds the layers a request path matches. The router walks its stack in order and
// asks a cursor, made per request, for the next layer worth testing and for the test itself.
// `layer.match(path)` is the truth: a matcher may skip a layer or decide it without the regexp
// only where `layer.match` would answer the same.
import type { Layer } from '../layer'
import type { PathOptions } from '../../internal/path-to-regexp'
import type { PathParams } from '../../types'

export interface MatchCursor {
  /**
   * The position, `from` or later, of the next layer of the stack `path` may match
   * (`stack.length` when none); every layer passed over is certain not to match.
   */
  next (from: number, path: string): number
  /**
   * Tests `layer` (a layer of the stack, or a hole in it) as `layer.match(path)` does, setting
   * its `params` and `path`: true, false, or the error the test threw (a 400 for bad encoding).
   */
  test (layer: Layer, path: string): unknown
}

export interface Matcher {
  /** Told of each layer a router adds, with the path and options it was made from. */
  added (layer: Layer, path: PathParams, options: PathOptions): void
  /** A cursor over `stack` for one request. */
  cursor (stack: readonly Layer[]): MatchCursor
}
