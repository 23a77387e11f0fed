// req.param(name, defaultValue): deprecated lookup across route params, body and query.
import { reporter } from '../../kernel/deprecate'

interface ParamSources {
  params?: Record<string, unknown>
  body?: Record<string, unknown>
  query?: Record<string, unknown>
}

const hasOwn = Object.prototype.hasOwnProperty

/** Reports each call at the user's line ({@link reporter}). */
const deprecate = reporter()

/**
 * The value of `name` from `req.params` (own keys), else `req.body`, else `req.query`,
 * skipping `null` and `undefined`; `defaultValue` when none has it.
 *
 * @deprecated Use `req.params`, `req.body` or `req.query`.
 */
export function param (this: ParamSources, name: string, defaultValue?: unknown): unknown {
  deprecate(`req.param(${arguments.length === 1 ? 'name' : 'name, default'}): Use req.params, req.body, or req.query instead`)
  const params = this.params || {}
  const body = this.body || {}
  const query = this.query || {}
  if (params[name] != null && hasOwn.call(params, name)) return params[name]
  if (body[name] != null) return body[name]
  if (query[name] != null) return query[name]
  return defaultValue
}
