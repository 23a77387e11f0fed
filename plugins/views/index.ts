// The views plugin: app.engine, app.render, res.render and the View lookup, with engines loaded by extension.
import path from 'path'
import { definePlugin, type Application, type Response } from '../../kernel'
import { engine } from './app-engine'
import { createAppRender } from './app-render'
import { render } from './res-render'
import { createViewClass } from './view'
import { loadEngine } from './load-engine'
import { getViewHooks } from './view-hooks'
import { viewsPolicy } from '../shared/views-policy'
import './types'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export const PLUGIN_NAME = 'views'

/** The stage of the plugin's own engine loader: after any engine resolver other plugins tap. */
export const STAGE_DEFAULT_ENGINE_LOADER = 100

/**
 * Adds app.engine, app.render and res.render, and the `view`, `views` and (in production)
 * `view cache` settings of every app.
 */
export function viewsPlugin (options?: NoOptions) {
  checkOptions(describeOptions('viewsPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks, framework, decorateApplication, decorateResponse }) {
      const viewHooks = getViewHooks(framework)
      viewHooks.resolveEngine.tap({ name: PLUGIN_NAME, stage: STAGE_DEFAULT_ENGINE_LOADER }, loadEngine)
      const View = createViewClass(function resolveEngine (ext) {
        const found = viewHooks.resolveEngine.call(ext)
        if (typeof found !== 'function') throw new Error(`No view engine found for extension "${ext}".`)
        return found
      })
      const appRender = createAppRender(viewHooks, viewsPolicy.of(framework))

      // Their callbacks are typed as `@types/express` types them (`err: Error`); they are given null.
      decorateApplication({ engine, render: appRender as Application['render'] })
      decorateResponse({ render: render as Response['render'] })
      hooks.appCreated.tap(PLUGIN_NAME, function viewDefaults (app) {
        app.set('view', View)
        app.set('views', path.resolve('views'))
        if (app.get('env') === 'production') app.enable('view cache')
      })
    }
  })
}

export { getViewHooks, type ViewHooks, type EngineFunction } from './view-hooks'
export { createViewClass, type View, type ViewConstructor, type ViewLike, type ViewOptions, type RenderCallback } from './view'
export type { RenderLocals } from './types'
export { viewsPolicy, type ViewsPolicy } from '../shared/views-policy'
