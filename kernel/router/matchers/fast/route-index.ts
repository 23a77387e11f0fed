// The layers of a stack indexed by the literal text their matches start with, so a router tests only the layers a path can reach.
import { kernelMatch, type Layer } from '../../layer'
import { lacksSlashes, pathShape } from './literal'
import { literalOf } from './shortcut'

/**
 * A node of a radix tree over the layers' literal prefixes. The key of a node is the labels
 * from the root down to it; `candidates` holds, in stack order, every layer whose prefix is that
 * key or a shorter one on the way: exactly the layers a path can match when its walk stops here.
 */
interface IndexNode {
  label: string
  /** `label.charCodeAt(0)`: children are told apart by it. */
  first: number
  children: IndexNode[]
  /** Layers whose prefix is this node's key, in stack order (while building). */
  own: number[]
  candidates: Int32Array
  /** `candidates` without the layers a path of each shape (`pathShape`) cannot match, made on first use. */
  byShape: Array<Int32Array | undefined> | undefined
  /** The number of `/` in the node's key. */
  slashes: number
  /** Whether a candidate counts the slashes of its matches (a path's shape can then rule it out). */
  shaped: boolean
}

/**
 * The index of one snapshot of a stack. Layers without a known prefix (middleware on `/`,
 * patterns starting with a parameter, regexps) sit at the root: every path reaches them.
 * Prefixes are compared as the layers compare them (lowercase unless case-sensitive). In the
 * rare stack mixing both kinds of prefixed layers, or one whose lists would grow far beyond its
 * size (thousands of layers above thousands of prefixes), every layer sits at the root: a plain walk.
 */
export interface RouteIndex {
  readonly layers: readonly Layer[]
  /** Each layer's `regexp` when indexed: its literal prefix and slash count hold while it is the same. */
  readonly regexps: ReadonlyArray<RegExp | undefined>
  /** Walk with the path as is (true) or lowercased (false). */
  readonly sensitive: boolean
  /** False when the prefixes are not indexed (all layers at the root): layers must still test theirs. */
  readonly prefixesChecked: boolean
  readonly root: IndexNode
}

const indexOf = new WeakMap<readonly Layer[], RouteIndex>()

function node (label: string): IndexNode {
  return { label, first: label.charCodeAt(0), children: [], own: [], candidates: new Int32Array(0), byShape: undefined, slashes: 0, shaped: false }
}

/** Adds layer `index` under `key`, splitting an edge where the key leaves it. */
function insert (root: IndexNode, key: string, index: number): void {
  let current = root
  let pos = 0
  while (pos < key.length) {
    const c = key.charCodeAt(pos)
    const at = current.children.findIndex((child) => child.first === c)
    if (at === -1) {
      const leaf = node(key.slice(pos))
      current.children.push(leaf)
      current = leaf
      break
    }
    let child = current.children[at]
    const label = child.label
    let k = 1
    while (k < label.length && pos + k < key.length && label.charCodeAt(k) === key.charCodeAt(pos + k)) k++
    if (k < label.length) {
      const split = node(label.slice(0, k))
      child.label = label.slice(k)
      child.first = child.label.charCodeAt(0)
      split.children.push(child)
      current.children[at] = split
      child = split
    }
    current = child
    pos += k
  }
  current.own.push(index)
}

/** `a` and `b` (each ascending) merged in one ascending list. */
function merge (a: Int32Array, b: readonly number[]): Int32Array {
  const merged = new Int32Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length || j < b.length) {
    merged[k++] = j >= b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++]
  }
  return merged
}

/**
 * Gives every node its candidates: its ancestors' and its own, merged in stack order. Iterative,
 * like {@link entries}: a table can nest prefixes deeper than the call stack goes.
 */
function fill (root: IndexNode, layers: readonly Layer[]): void {
  const pending: Array<[IndexNode, Int32Array]> = [[root, new Int32Array(0)]]
  while (pending.length !== 0) {
    const [current, inherited] = pending.pop()!
    current.candidates = merge(inherited, current.own)
    current.own = []
    current.shaped = current.candidates.some((i) => (literalOf(layers[i])?.slashes ?? -1) !== -1)
    for (const child of current.children) {
      child.slashes = current.slashes + child.label.split('/').length - 1
      pending.push([child, current.candidates])
    }
  }
}

/** The entries the nodes' candidate lists would hold in all: each node repeats its ancestors' layers. */
function entries (root: IndexNode): number {
  let total = 0
  const pending: Array<[IndexNode, number]> = [[root, 0]]
  while (pending.length !== 0) {
    const [current, inherited] = pending.pop()!
    const own = inherited + current.own.length
    total += own
    for (const child of current.children) pending.push([child, own])
  }
  return total
}

/** What a layer's matches all start with, as its router compares it ('' when unknown). */
function keyOf (layer: Layer | undefined): string {
  // A hole in the stack sits at the root: every path reaches it (and fails there, as in Express).
  const literal = literalOf(layer)
  if (literal === undefined || literal.prefix === '') return ''
  return literal.sensitive ? literal.prefix : literal.lowerPrefix
}

/** Entries allowed per layer: beyond, the table (many layers above many prefixes) is walked plainly instead. */
const ENTRIES_PER_LAYER = 64

function build (stack: readonly Layer[]): RouteIndex {
  const layers = stack.slice()
  const regexps = layers.map((layer) => layer?.regexp)
  let sensitive = 0
  let insensitive = 0
  for (const layer of layers) {
    if (keyOf(layer) === '') continue
    if (literalOf(layer)!.sensitive) sensitive++
    else insensitive++
  }
  let indexed = sensitive === 0 || insensitive === 0
  let root = node('')
  for (let i = 0; i < layers.length; i++) insert(root, indexed ? keyOf(layers[i]) : '', i)
  if (indexed && entries(root) > Math.max(4096, ENTRIES_PER_LAYER * layers.length)) {
    indexed = false
    root = node('')
    for (let i = 0; i < layers.length; i++) root.own.push(i)
  }
  fill(root, layers)
  const index: RouteIndex = { layers, regexps, sensitive: sensitive !== 0, prefixesChecked: indexed, root }
  indexOf.set(stack, index)
  return index
}

/** The index of `stack`, built again when its length changed or when `rebuild` is set. */
export function routeIndex (stack: readonly Layer[], rebuild = false): RouteIndex {
  const index = indexOf.get(stack)
  return index !== undefined && !rebuild && index.layers.length === stack.length ? index : build(stack)
}

/** Shapes below this (paths of up to 15 slashes) have their candidate lists kept; deeper paths filter each time. */
const KEPT_SHAPES = 32

/** `candidates` less the layers whose slash count rules a path of `shape` out. */
function withShape (candidates: Int32Array, layers: readonly Layer[], shape: number): Int32Array {
  let kept = 0
  const out = new Int32Array(candidates.length)
  for (let i = 0; i < candidates.length; i++) {
    const layer = layers[candidates[i]]
    if (layer == null || !lacksSlashes(literalOf(layer), shape)) out[kept++] = candidates[i]
  }
  return kept === out.length ? candidates : out.slice(0, kept)
}

/**
 * The stack positions of the layers `path` can match, ascending (`lowerPath` is its lowercase):
 * those whose prefix the path starts with, and those without one, less those whose slash count
 * differs from the path's. A superset of the matches; every other layer is certain not to match.
 */
export function candidatesOf (index: RouteIndex, path: string, lowerPath: string): Int32Array {
  const subject = index.sensitive ? path : lowerPath
  let current = index.root
  let pos = 0
  walk: while (pos < subject.length) {
    const c = subject.charCodeAt(pos)
    const children = current.children
    let child: IndexNode | undefined
    for (let i = 0; i < children.length; i++) {
      if (children[i].first === c) {
        child = children[i]
        break
      }
    }
    if (child === undefined) break
    const label = child.label
    if (subject.length - pos < label.length) break
    for (let k = 1; k < label.length; k++) {
      if (subject.charCodeAt(pos + k) !== label.charCodeAt(k)) break walk
    }
    pos += label.length
    current = child
  }
  if (!current.shaped) return current.candidates
  // The slashes walked are the node's.
  const shape = pathShape(subject, pos, current.slashes)
  if (shape >= KEPT_SHAPES) return withShape(current.candidates, index.layers, shape)
  const byShape = current.byShape ??= new Array<Int32Array | undefined>(KEPT_SHAPES).fill(undefined)
  return byShape[shape] ??= withShape(current.candidates, index.layers, shape)
}

/**
 * Whether positions `from` to `to - 1` of `stack` still hold the layers the index was built from,
 * each with the regexp it had (no fast flag set since) and the kernel's own `match`: the layers
 * a path is passed over without a test would still refuse it. Compared one by one, on every pass: the stack, each
 * layer's `regexp` and `Layer.prototype.match` are public, and edited in place by tools.
 */
export function unchanged (index: RouteIndex, stack: readonly Layer[], from: number, to: number): boolean {
  const layers = index.layers
  const regexps = index.regexps
  for (let k = from; k < to; k++) {
    const layer = stack[k]
    if (layer !== layers[k] || layer.match !== kernelMatch) return false
    const regexp = layer.regexp
    if (regexp !== regexps[k] || regexp.fast_slash || regexp.fast_star) return false
  }
  return true
}
