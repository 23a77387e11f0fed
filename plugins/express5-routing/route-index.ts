// Which layers of a router 2 stack a pathname can reach: the router tests only those, and the answer is the same.
import { Layer } from './layer'
import { firstSegments, segmentKeyOf, type PathMatcher, type SegmentKey } from './path-matcher'

/**
 * A stack as it was indexed. A layer is keyed when its one matcher has a segment key (see
 * `segmentKeyOf`), its `match` is `Layer.prototype.match` as this module found it, and it is not
 * a `slash` layer; every other position (holes too) is always tested.
 */
interface StackIndex {
  length: number
  layers: Array<Layer | undefined>
  /** Each keyed layer's `matchers` array and its one matcher, as indexed. */
  matcherLists: Array<PathMatcher[] | undefined>
  matchers: Array<PathMatcher | undefined>
  /** Each keyed layer's segment key, as indexed. */
  keys: Array<SegmentKey | undefined>
  /** Positions of keyed layers by key: exact keys, and lower-case keys of case-insensitive layers. */
  exact: Map<string, number[]>
  folded: Map<string, number[]>
  /** For each position, the first position at or after it that is not keyed (`length` if none). */
  nextOpen: Int32Array
}

const LAYER_MATCH = Layer.prototype.match

function build (stack: Layer[]): StackIndex {
  const length = stack.length
  const index: StackIndex = {
    length,
    layers: stack.slice(),
    matcherLists: new Array(length),
    matchers: new Array(length),
    keys: new Array(length),
    exact: new Map(),
    folded: new Map(),
    nextOpen: new Int32Array(length + 1)
  }
  index.nextOpen[length] = length
  for (let i = length - 1; i >= 0; i--) {
    const layer = stack[i]
    const list = layer instanceof Layer && layer.match === LAYER_MATCH && !layer.slash ? layer.matchers : undefined
    const key = list !== undefined && list.length === 1 ? segmentKeyOf(list[0]) : undefined
    if (key === undefined) {
      index.nextOpen[i] = i
      continue
    }
    index.nextOpen[i] = index.nextOpen[i + 1]
    index.matcherLists[i] = list
    index.matchers[i] = list![0]
    index.keys[i] = key
    const byKey = key.sensitive ? index.exact : index.folded
    const positions = byKey.get(key.key)
    // Built from the end: each list is in descending order.
    if (positions) positions.push(i)
    else byKey.set(key.key, [i])
  }
  return index
}

/** The first position at or after `from` in a descending list, or `before` if that comes first (or the list has none). */
function firstFrom (positions: number[] | undefined, from: number, before: number): number {
  if (positions === undefined) return before
  for (let i = positions.length - 1; i >= 0; i--) {
    if (positions[i] >= from) return positions[i] < before ? positions[i] : before
  }
  return before
}

/**
 * The positions a pathname can reach by its first two segments and its number of `/`, exact and
 * case-folded: kept for the last pathname asked about.
 */
interface Reach { pathname: string, exact: number[] | undefined, folded: number[] | undefined }

function reachOf (index: StackIndex, pathname: string): Reach {
  const segments = firstSegments(pathname)
  let slashes = 0
  for (let i = pathname.indexOf('/'); i !== -1; i = pathname.indexOf('/', i + 1)) slashes++
  const endsWithSlash = pathname.endsWith('/')
  const reachable = (positions: number[] | undefined): number[] | undefined =>
    positions?.filter((p) => slashesFit(index.keys[p]!, slashes, endsWithSlash))
  return { pathname, exact: reachable(index.exact.get(segments)), folded: reachable(index.folded.get(segments.toLowerCase())) }
}

/** Whether a pathname with `slashes` slashes can match a layer of that key. */
function slashesFit (key: SegmentKey, slashes: number, endsWithSlash: boolean): boolean {
  return key.slashes === -1 || key.slashes === slashes || (key.trailing && endsWithSlash && key.slashes + 1 === slashes)
}

function candidate (index: StackIndex, reach: Reach, from: number): number {
  const open = index.nextOpen[from]
  if (open === from) return from
  return firstFrom(reach.folded, from, firstFrom(reach.exact, from, open))
}

/** Whether each position in [from, to) is still the layer indexed there, with the same matcher, `match` and `slash`. */
function intact (index: StackIndex, stack: Layer[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const layer = stack[i]
    if (layer !== index.layers[i] || layer.matchers !== index.matcherLists[i] || layer.matchers.length !== 1 ||
      layer.matchers[0] !== index.matchers[i] || layer.match !== LAYER_MATCH || layer.slash) return false
  }
  return true
}

/**
 * The index of a stack, kept per stack array and built on first use: `next(from, pathname)` is
 * the first position at or after `from` whose layer `pathname` can match, or `stack.length`. A
 * layer passed over is one whose path requires other first two segments, or another number of
 * `/`: its `match` would answer false. Each layer passed over is checked to be, still, the layer indexed at its position,
 * unchanged in what its `match` reads; after any edit the stack is indexed again.
 */
export class StackCursor {
  private index: StackIndex | undefined
  private reach: Reach | undefined
  constructor (private readonly stack: Layer[]) {}

  next (from: number, pathname: string): number {
    const stack = this.stack
    if (from >= stack.length) return from
    let index = this.index
    if (index === undefined || index.length !== stack.length) index = this.rebuild()
    if (index.nextOpen[from] === from) return from
    let reach = this.reach
    if (reach === undefined || reach.pathname !== pathname) reach = this.reach = reachOf(index, pathname)
    const to = candidate(index, reach, from)
    if (to === from || intact(index, stack, from, to)) return to
    index = this.rebuild()
    return candidate(index, this.reach = reachOf(index, pathname), from)
  }

  private rebuild (): StackIndex {
    this.reach = undefined
    return (this.index = build(this.stack))
  }
}

const cursors = new WeakMap<Layer[], StackCursor>()

/** The cursor of a stack array (one per array, so every request through a router shares it). */
export function cursorOf (stack: Layer[]): StackCursor {
  let cursor = cursors.get(stack)
  if (cursor === undefined) cursors.set(stack, cursor = new StackCursor(stack))
  return cursor
}
