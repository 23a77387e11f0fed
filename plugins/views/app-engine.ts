// app.engine(ext, fn): registers the template engine of an extension on the app.
import type { Application } from '../../kernel/types'
import type { EngineFunction } from './view-hooks'

/** The app.engine method. @throws when `fn` is not a function. */
export function engine (this: Application, ext: string, fn: EngineFunction): Application {
  if (typeof fn !== 'function') throw new Error('callback function required')
  const extension = ext[0] !== '.' ? '.' + ext : ext
  this.engines[extension] = fn
  return this
}
