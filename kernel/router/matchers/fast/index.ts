// The fast matcher: a router tests only the layers whose literal prefix and slash count the
// path can reach (the route index), and decides literal and whole-segment paths without their
// regexp. Every shortcut holds only while the fields it was derived from are unchanged.
import { candidatesOf, routeIndex, unchanged, type RouteIndex } from './route-index'
import { remember, testByShortcut } from './shortcut'
import type { Layer } from '../../layer'
import type { Matcher, MatchCursor } from '../matcher'

class FastCursor implements MatchCursor {
  readonly #stack: readonly Layer[]
  #index: RouteIndex
  /** The layers the current path can match (positions in the stack, ascending), for which index and path. */
  #candidates: Int32Array | undefined = undefined
  #candidatesIndex: RouteIndex | undefined = undefined
  #candidatesPath: string | undefined = undefined
  /** `path.toLowerCase()`, when a layer may compare it. */
  #lowerPath = ''
  #position = 0

  constructor (stack: readonly Layer[]) {
    this.#stack = stack
    this.#index = routeIndex(stack)
  }

  next (from: number, path: string): number {
    const stack = this.#stack
    let index = this.#index
    if (index.layers.length !== stack.length) index = this.#index = routeIndex(stack)
    for (;;) {
      let candidates = this.#candidates
      if (candidates === undefined || this.#candidatesIndex !== index || this.#candidatesPath !== path) {
        this.#lowerPath = index.sensitive && index.prefixesChecked ? path : path.toLowerCase()
        candidates = this.#candidates = candidatesOf(index, path, this.#lowerPath)
        this.#candidatesIndex = index
        this.#candidatesPath = path
        this.#position = 0
      }
      let position = this.#position
      while (position < candidates.length && candidates[position] < from) position++
      this.#position = position
      const target = position < candidates.length ? candidates[position] : stack.length
      // Layers the index rules out are passed over without a test; they must still be the indexed
      // ones, matching as they did (router.stack, layer.regexp and layer.match are public and may
      // be edited): if not, index the stack again. A candidate needs no such check: it is tested.
      if (target === from || unchanged(index, stack, from, target)) return target
      index = this.#index = routeIndex(stack, true)
    }
  }

  test (layer: Layer, path: string): unknown {
    return testByShortcut(layer, path, this.#index.prefixesChecked ? undefined : this.#lowerPath)
  }
}

export const fastMatcher: Matcher = {
  added: remember,
  cursor: (stack) => new FastCursor(stack)
}
