// The reference matcher the tests compare the kernel's with: Express 4's walk. Every layer is tested, in order, with `layer.match`.
import type { Layer } from '../../../kernel/router/layer'
import type { Matcher, MatchCursor } from '../../../kernel/router/matchers/matcher'

/** Tests `layer` with its own `match`, returning what it threw instead of throwing. */
export function testLayer (layer: Layer, path: string): unknown {
  try {
    return layer.match(path)
  } catch (err) {
    return err
  }
}

const cursor: MatchCursor = {
  next: (from) => from,
  test: testLayer
}

export const referenceMatcher: Matcher = {
  added () {},
  cursor: () => cursor
}
