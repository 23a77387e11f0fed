// The express5 preset's framework object as typed: `express()` and the statics Express 5 has.
import type * as kernel from '../../kernel'
import type { Route } from '../../plugins/express5-routing'
import type { StaticOptions } from '../../plugins/static'
import type { StaticFactory } from '../../plugins/static/types'
import type parser = require('../../plugins/parser')
import type { Application, Express } from './application'
import type { Request } from './request'
import type { Response } from './response'
import type { RequestHandler } from './handlers'
import type { RouterFactory } from './router'

/** `framework.static(root, options)`: serves files below `root`; `mime` is the media-type table it uses. */
export interface ServeStatic {
  (root: string, options?: StaticOptions): RequestHandler
  readonly mime: StaticFactory['mime']
}

/**
 * What `require('ristretto/presets/express5')` is: `express()` makes an app; `json`, `raw`,
 * `text` and `urlencoded` are body-parser 2's parsers (typed by `ristretto/parser`), `static`
 * serves files; the kernel's `plugins`, `hooks` and `Layer` are there too.
 */
export interface Framework extends kernel.FrameworkOf<Express, Application, Request, Response> {
  Router: RouterFactory
  /** Router 2's route class. */
  Route: typeof Route
  json: typeof parser.json
  raw: typeof parser.raw
  text: typeof parser.text
  urlencoded: typeof parser.urlencoded
  static: ServeStatic
}
