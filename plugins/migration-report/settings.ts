// Defaults that change in Express 5 and that an app relies on without setting them: the
// `query parser` (qs's nested syntax in Express 4, node's flat one in Express 5), `req.query`
// being assignable, and `express.urlencoded`'s `extended` option.
import querystring from 'querystring'
import { isDeepStrictEqual } from 'util'
import parseUrl from 'parseurl'
import type { Application, Request } from '../../kernel'
import { callerOutsideFramework, formatCallSite, type CallSite } from './call-site'
import { recordCall, recordReached, recordSetting } from './findings'
import { requestLabel } from './api-calls'

const QUERY_PARSER = {
  setting: 'query parser',
  express4: "'extended' (qs: a[b]=1 and a[]=1 give objects and arrays)",
  express5: "'simple' (node's querystring: keys are taken as written)",
  advice: "requests of this app had query strings the 'simple' parser reads differently: app.set('query parser', 'extended') keeps Express 4's reading"
}

export const URLENCODED_EXTENDED = {
  setting: 'express.urlencoded extended',
  express4: 'true (qs: nested objects and arrays)',
  express5: "false (node's querystring: flat keys)",
  advice: 'express.urlencoded() without the extended option parses flat bodies in Express 5: pass { extended: true } to keep nested bodies'
}

/** Apps that set `query parser` themselves (not the framework's default). */
const chosen = new WeakSet<Application>()
/** Apps being created: the defaults they get then are not the app's choice. */
const creating = new WeakSet<Application>()

export function appCreating (app: Application): void { creating.add(app) }
export function appCreated (app: Application): void { creating.delete(app) }
export function querySettingSet (app: Application): void { if (!creating.has(app)) chosen.add(app) }


/** Flat objects compared as plain ones (querystring's have no prototype). */
function plain (value: unknown): unknown {
  return value !== null && typeof value === 'object' ? { ...value } : value
}

/**
 * Watches `req.query` as the outermost app's `query` layer left it: it stays what it is, read
 * through an accessor that compares the parse with Express 5's default and notes assignments.
 */
export function watchQuery (app: Application, req: Request): void {
  {
    const descriptor = Object.getOwnPropertyDescriptor(req, 'query')
    if (!descriptor) return
    const relies = app.get('query parser') === 'extended' && !chosen.has(app)
    let compared = !relies
    let value: unknown = descriptor.value
    const read = (): unknown => descriptor.get ? descriptor.get.call(req) : value
    Object.defineProperty(req, 'query', {
      configurable: true,
      enumerable: descriptor.enumerable,
      get: function query () {
        const current = read()
        if (!compared) {
          compared = true
          const raw = parseUrl(req)?.query
          if (typeof raw === 'string' && raw !== '' && !isDeepStrictEqual(plain(current), plain(querystring.parse(raw)))) {
            recordSetting(app, QUERY_PARSER, requestLabel(req) ?? '')
          }
        }
        return current
      },
      set: function query (next: unknown) {
        const site: CallSite | undefined = callerOutsideFramework(query)
        if (site) {
          if (req.app) recordReached(app, req.app)
          recordCall(req.app ?? app, 'req.query = value', "req.query is a getter in Express 5: assigning it throws in strict code; keep the value elsewhere (res.locals) or set 'query parser'", formatCallSite(site), requestLabel(req))
        }
        compared = true
        if (descriptor.set) descriptor.set.call(req, next)
        else value = next
      }
    })
  }
}
