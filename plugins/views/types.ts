// Public types of the views plugin: app.engine, app.render and res.render, by declaration merging.
import type { EngineFunction } from './view-hooks'
import type { RenderCallback, ViewConstructor } from './view'

/** Locals given to a render; `cache` is reserved (true: reuse the looked-up view). */
export type RenderLocals = Record<string, any> & { cache?: boolean } // template values are the app's, of any type

/**
 * The callback of `app.render` and `res.render`, typed as `@types/express` types it: on success
 * `err` is `null` and `html` the rendered text; on failure `err` is set and `html` absent.
 */
export type RenderResultCallback = (err: Error, html: string) => void

declare module '../../kernel/types' {
  interface Settings {
    /** The folder of the views, or folders looked up in order. Default `./views` of the working directory. */
    views: string | string[]
    /** The class that looks up and renders a view (replaceable, as in Express). */
    view: ViewConstructor
    /** The extension added to view names without one (`'pug'`). */
    'view engine'?: string
    /** Cache compiled templates. Enabled by default when `env` is `'production'`. */
    'view cache'?: boolean
  }

  interface Application {
    /**
     * Registers the template engine of an extension (`'html'` or `'.html'`).
     * @example app.engine('html', require('ejs').renderFile)
     */
    engine (ext: string, fn: EngineFunction): this
    /**
     * Renders a view to a string: `view` is a name looked up in the `views` folder(s) (with the
     * `view engine` extension when it has none) or an absolute path. Never build it from user input.
     */
    render (view: string, callback: RenderResultCallback): void
    render (view: string, locals: RenderLocals, callback: RenderResultCallback): void
  }
  interface Response {
    /**
     * Renders a view with app.locals, res.locals and `locals` (later ones win) and sends the HTML;
     * with `callback`, hands it the error or HTML instead. Errors without a callback go to next(err).
     */
    render (view: string, callback?: RenderResultCallback): void
    render (view: string, locals?: RenderLocals, callback?: RenderResultCallback): void
  }
}
