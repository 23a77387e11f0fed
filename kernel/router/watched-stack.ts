// router.stack as the framework makes it: a proxy over an array only the router holds, counting
// every write made through it, so the route index can tell at once that the layers it skips are
// still the ones it indexed, instead of comparing them one by one on every request.
import type { Layer } from './layer'
import type { RouteIndex } from './route-index'

/** A router's stack: the proxy users see, the array behind it, and the writes made so far. */
export interface StackWatch {
  readonly proxy: Layer[]
  readonly raw: Layer[]
  writes: number
  /** The route index of the stack, kept here rather than in a WeakMap: it is read on every request. */
  index: RouteIndex | undefined
}

/** A new, empty, watched stack. */
export function watchedStack (): StackWatch {
  const raw: Layer[] = []
  const watch: StackWatch = {
    // Every write to an array reaches [[DefineOwnProperty]] or [[Delete]] of the proxy: index and
    // `length` assignments, push, splice, sort, Object.defineProperty…
    proxy: new Proxy(raw, {
      defineProperty (target, key, descriptor) {
        watch.writes++
        return Reflect.defineProperty(target, key, descriptor)
      },
      deleteProperty (target, key) {
        watch.writes++
        return Reflect.deleteProperty(target, key)
      }
    }),
    raw,
    writes: 0,
    index: undefined
  }
  return watch
}
