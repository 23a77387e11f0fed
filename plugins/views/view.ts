// The View class: finds a template file by name in the views folder(s) and renders it with its engine.
import fs from 'fs'
import path from 'path'
import type { EngineFunction } from './view-hooks'

/** What app.render gives a View constructor. */
export interface ViewOptions {
  /** The `view engine` setting: the extension added to names without one. */
  defaultEngine?: string
  /** The `views` setting: a folder, or folders searched in order. */
  root: string | readonly string[]
  /** The app's engines by extension (`app.engines`); a loaded engine is stored there. */
  engines: Record<string, EngineFunction>
}

/** The callback of a render: an error, or the HTML. */
export type RenderCallback = (err: Error | null | undefined, html?: string) => void

/** What app.render needs from a view (the `view` setting may hold any class of this shape). */
export interface ViewLike {
  /** The file found, or undefined when the lookup failed. */
  path?: string
  /** The folder(s) searched, for the error message. */
  root?: string | readonly string[]
  render (options: Record<string, any>, callback: RenderCallback): void // locals hold the app's values
}

/** A `view` setting value: `new View(name, options)`. */
export type ViewConstructor = new (name: string, options: ViewOptions) => ViewLike

function statFile (file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

/**
 * Creates the View class of one framework; `resolveEngine` supplies engines for extensions that
 * no app.engine() call registered.
 */
export function createViewClass (resolveEngine: (ext: string) => EngineFunction) {
  /** A template looked up by name: `<root>/<name><ext>`, else `<root>/<name>/index<ext>`. */
  return class View implements ViewLike {
    defaultEngine: string | undefined
    ext: string
    name: string
    root: string | readonly string[]
    engine: EngineFunction
    path: string | undefined

    /** @throws when there is neither an extension nor a default engine, or the engine cannot be loaded. */
    constructor (name: string, options: ViewOptions) {
      const opts = options || ({} as ViewOptions)
      this.defaultEngine = opts.defaultEngine
      this.ext = path.extname(name)
      this.name = name
      this.root = opts.root
      if (!this.ext && !this.defaultEngine) {
        throw new Error('No default engine was specified and no extension was provided.')
      }
      let fileName = name
      if (!this.ext) {
        const engine = String(this.defaultEngine)
        this.ext = engine[0] !== '.' ? '.' + engine : engine
        fileName += this.ext
      }
      if (!opts.engines[this.ext]) opts.engines[this.ext] = resolveEngine(this.ext)
      this.engine = opts.engines[this.ext]
      this.path = this.lookup(fileName)
    }

    /** The first of the roots holding `name` (as a file, or as a folder with an index), or undefined. */
    lookup (name: string): string | undefined {
      const roots = ([] as string[]).concat(this.root as string | string[])
      for (const root of roots) {
        const loc = path.resolve(root, name)
        const found = this.resolve(path.dirname(loc), path.basename(loc))
        if (found) return found
      }
      return undefined
    }

    /** `<dir>/<file>` when it is a file, else `<dir>/<file without ext>/index<ext>` when that is. */
    resolve (dir: string, file: string): string | undefined {
      const direct = path.join(dir, file)
      if (statFile(direct)?.isFile()) return direct
      const index = path.join(dir, path.basename(file, this.ext), 'index' + this.ext)
      if (statFile(index)?.isFile()) return index
      return undefined
    }

    /** Renders with the engine; the callback is always called asynchronously. */
    render (options: Record<string, any>, callback: RenderCallback): void {
      let sync = true
      this.engine(this.path as string, options, function onRender (this: unknown, ...args: unknown[]) {
        if (!sync) {
          (callback as (...a: unknown[]) => void).apply(this, args)
          return
        }
        const context = this
        process.nextTick(function renderTick () { (callback as (...a: unknown[]) => void).apply(context, args) })
      })
      sync = false
    }
  }
}

export type View = InstanceType<ReturnType<typeof createViewClass>>
