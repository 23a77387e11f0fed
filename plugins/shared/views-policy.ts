// The views plugin's per-framework switch, here so the hardened plugin can set it without the
// views plugin in its framework: which locals of a render may reach the engine's options.
import { frameworkPolicy } from './framework-policy'

/** How the views of one framework hand locals to their engine. */
export interface ViewsPolicy {
  /**
   * For a view's extension (with its dot) and engine function, the names the engine reads as
   * options from the locals. A render's own locals (the render call's, and `res.locals`) cannot set those: each
   * takes its `app.locals` value, or is left out. Default undefined, as Express: every local
   * reaches the engine, so `res.render(view, req.query)` lets a client set ejs's
   * `outputFunctionName` or pug's `pretty` and run code.
   */
  engineOptions: ((ext: string, engine: unknown) => ReadonlySet<string>) | undefined
}

/** The policy of each framework; the default is Express's behaviour. */
export const viewsPolicy = frameworkPolicy<ViewsPolicy>({ engineOptions: undefined })
