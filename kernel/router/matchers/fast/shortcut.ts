// What the fast matcher derives from each layer's path when the router adds it, and the rule for
// using it: only while the layer still matches with the kernel's `match` and the same regexp.
import { decodeParam, kernelMatch, matcherMemo, type Layer } from '../../layer'
import { lacksPrefix, literalTest, matchesExact, startsWithLiteral, type LiteralTest } from './literal'
import { matchSegments, segmentPattern, type SegmentPattern } from './segment-pattern'
import type { PathOptions, PathKey } from '../../../internal/path-to-regexp'
import type { PathParams } from '../../../types'

interface Shortcut {
  /** The regexp the shortcut was derived with. */
  regexp: RegExp
  /** How to decide (literal paths) or pre-filter (patterns) a match without the regexp. */
  literal: LiteralTest | undefined
  /** Set when the path is whole segments of text and `:name`: matched by walking the path. */
  segments: SegmentPattern | undefined
}

/** Derives the shortcuts of a layer made from `path`. */
export function remember (layer: Layer, path: PathParams, options: PathOptions): void {
  const regexp = layer.regexp
  const literal = regexp.fast_slash || regexp.fast_star ? undefined : literalTest(path, options)
  const segments = segmentPattern(path, options)
  if (literal !== undefined || segments !== undefined) matcherMemo.write(layer, { regexp, literal, segments })
}

/**
 * The layer's shortcut, while `regexp` is still the one it was derived with, with neither fast
 * flag set since (they make it match every path), and `match` is the kernel's (a replaced one decides alone).
 */
function shortcutOf (layer: Layer | undefined): Shortcut | undefined {
  const shortcut = matcherMemo.read(layer) as Shortcut | undefined
  if (shortcut === undefined) return undefined
  const regexp = layer!.regexp
  return regexp === shortcut.regexp && !regexp.fast_slash && !regexp.fast_star && layer!.match === kernelMatch ? shortcut : undefined
}

/** The literal test of a layer, under the rule of {@link shortcutOf}. */
export function literalOf (layer: Layer | undefined): LiteralTest | undefined {
  return shortcutOf(layer)?.literal
}

/**
 * Tests `layer` as `layer.match(path)` does, by its shortcut where it has one: true, false, or
 * the error thrown. Given `lowerPath` (`path.toLowerCase()`), a layer whose literal prefix the
 * path lacks is refused at once (the route index had not checked prefixes).
 */
export function testByShortcut (layer: Layer, path: string, lowerPath?: string): unknown {
  try {
    const shortcut = shortcutOf(layer)
    if (shortcut === undefined) return layer.match(path)
    if (lowerPath !== undefined && lacksPrefix(shortcut.literal, path, lowerPath)) return false
    const { literal, segments } = shortcut
    if (literal !== undefined && literal.exact !== undefined) {
      // The whole path is the match, and a literal has no parameters.
      if (matchesExact(path, literal)) return matched(layer, path, {})
    } else if (segments !== undefined) {
      if (matchSegments(segments, path)) return matched(layer, path, segmentParams(layer.keys, path, segments))
    } else if (literal === undefined || startsWithLiteral(path, literal.prefix, literal.sensitive)) {
      return layer.match(path)
    }
    layer.params = undefined
    layer.path = undefined
    return false
  } catch (err) {
    return err
  }
}

function matched (layer: Layer, path: string, params: Record<string, string | undefined>): true {
  layer.params = params
  layer.path = path
  return true
}

/** The params of a path {@link matchSegments} accepted, named by `keys` as the regexp's captures would be. */
function segmentParams (keys: readonly PathKey[], path: string, segments: SegmentPattern): Record<string, string | undefined> {
  const bounds = segments.bounds
  // The pattern's own factory, while `keys` (public: tools may edit it) still names its parameters.
  if (segments.makeParams !== undefined && sameNames(keys, segments.names)) return segments.makeParams(path, bounds, decodeParam)
  const params: Record<string, string | undefined> = {}
  // Every value is defined, so a later parameter of the same name wins, as with the regexp.
  for (let i = 0; i < segments.names.length; i++) params[keys[i].name] = decodeParam(path.slice(bounds[2 * i], bounds[2 * i + 1]))
  return params
}

/** Whether `keys` names exactly `names`, in order. */
function sameNames (keys: readonly PathKey[], names: readonly string[]): boolean {
  if (keys.length !== names.length) return false
  for (let i = 0; i < names.length; i++) {
    if (keys[i].name !== names[i]) return false
  }
  return true
}
