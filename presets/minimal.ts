// The minimal preset: the kernel alone (apps, routing, the final handler), no helpers, and app.fetch.
import { createFramework, type Framework } from '../kernel'
import { fetchPlugin } from '../plugins/fetch'

/** A framework with routing, the final handler and `app.fetch` only; add plugins with `createFramework`. */
const minimal: Framework = createFramework({ plugins: [fetchPlugin()] })

export = minimal
