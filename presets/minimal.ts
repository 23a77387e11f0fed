// The minimal preset: the kernel alone (apps, routing, the final handler), no helpers.
import { createFramework, type Framework } from '../kernel'

/** A framework with routing and the final handler only; add plugins with `createFramework`. */
const minimal: Framework = createFramework({ plugins: [] })

export = minimal
