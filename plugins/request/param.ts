// req.param(name, defaultValue): deprecated lookup across route params, body and query.
import depd from 'depd'

const deprecate = depd('ristretto')

interface ParamSources {
  params?: Record<string, unknown>
  body?: Record<string, unknown>
  query?: Record<string, unknown>
}

const hasOwn = Object.prototype.hasOwnProperty

/**
 * The value of `name` from `req.params` (own keys), else `req.body`, else `req.query`,
 * skipping `null` and `undefined`; `defaultValue` when none has it.
 *
 * @deprecated Use `req.params`, `req.body` or `req.query`.
 */
export function param (this: ParamSources, name: string, defaultValue?: unknown): unknown {
  const params = this.params || {}
  const body = this.body || {}
  const query = this.query || {}
  const args = arguments.length === 1 ? 'name' : 'name, default'
  deprecate('req.param(' + args + '): Use req.params, req.body, or req.query instead')
  if (params[name] != null && hasOwn.call(params, name)) return params[name]
  if (body[name] != null) return body[name]
  if (query[name] != null) return query[name]
  return defaultValue
}
