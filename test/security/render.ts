// Apps that render views with data from the request, and a check of whether the request ran code
// (the code an exploit injects sets `globalThis.advisoryRan`).
import fs from 'node:fs'
import path from 'node:path'
import { withHelpers, type AnyFramework, type Target } from './support'
import { scratchDir } from './results'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks, engines of several kinds */

/** The views: an ejs page, a pug page that calls a mixin inside a tag, handlebars pages with a value and with a dynamic partial. */
export const VIEWS = scratchDir('views')
fs.writeFileSync(path.join(VIEWS, 'page.ejs'), '<p><%= name %></p>\n')
fs.writeFileSync(path.join(VIEWS, 'mixin.pug'), 'mixin item(x)\n  p= x\ndiv\n  +item(name)\n')
fs.writeFileSync(path.join(VIEWS, 'widget.hbs'), '<p>{{> (lookup . "widget")}}</p>\n')
fs.writeFileSync(path.join(VIEWS, 'page.hbs'), '<p>{{name}}</p>\n')

/** A view engine as `app.engine` takes it. */
export type Engine = (file: string, options: object, callback: (err: Error | null, html?: string) => void) => void

/** The project's ejs and pug (dev dependencies without type declarations): their Express entry points. */
export const ejsEngine = (require('ejs') as { renderFile: Engine }).renderFile
export const pugEngine = (require('pug') as { __express: Engine }).__express

const g = globalThis as { advisoryRan?: string }

/** Runs `request` and says whether code of the request ran (`globalThis.advisoryRan` set to `marker`). */
export async function ranCode (marker: string, request: () => Promise<unknown>): Promise<{ ran: boolean, text: string }> {
  delete g.advisoryRan
  try {
    const text = String(await request())
    return { ran: g.advisoryRan === marker, text }
  } finally {
    delete g.advisoryRan
  }
}

/**
 * An app of `framework` rendering `view` with the engine `engine` for its extension, whose `/`
 * renders with `req.query` (extended: Express 5's default parser would not nest) and whose
 * POST `/` renders with the JSON body. A render error answers 500 with its message.
 */
export function renderApp (framework: AnyFramework, ext: string, engine: any, view: string): any {
  const app = framework()
  app.set('views', VIEWS)
  app.set('query parser', 'extended')
  app.engine(ext, engine)
  app.get('/', (req: any, res: any) => { res.render(view, req.query) })
  app.post('/', framework.json(), (req: any, res: any) => { res.render(view, req.body) })
  app.use((err: any, req: any, res: any, next: any) => { res.statusCode = 500; res.end(`render error: ${String(err.message)}`) })
  return app
}

/** The framework, unless the target renders no views (the minimal preset). */
export const withViews = (t: Target): AnyFramework | { na: string } => withHelpers(t, 'res.render')
