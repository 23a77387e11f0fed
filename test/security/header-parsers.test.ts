// ReDoS advisories of the packages Express parses request headers and types with: fresh
// (If-None-Match), forwarded (X-Forwarded-For), negotiator (Accept-Language), mime (res.type).
// Work is counted in regexp steps (regexp-work.ts): a crafted value 10x longer costs ~10x the
// steps when parsing is linear, ~100x when it is quadratic.
import { describe } from 'node:test'
import { vulnerable, withHelpers, withServer, type AnyFramework, type Target } from './support'
import { rawRequest, sendOne } from '../reliability/support'
import { recorder } from './results'
import { replay, saw } from './replay'
import { MAX_LINEAR_GROWTH, regexpWork } from './regexp-work'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks, packages loaded by alias */

const table = recorder('header-parsers')


/** The regexp steps of parsing one crafted value of size `n`. */
type Measure = (n: number) => Promise<number>

/** Whether parsing grows faster than linearly from `base` to `10 * base`. */
async function superlinear (measure: Measure, base: number, what: string): Promise<ReturnType<typeof saw>> {
  const short = await measure(base)
  const long = await measure(base * 10)
  const ratio = long / Math.max(short, 1)
  return saw(ratio > MAX_LINEAR_GROWTH, `${what}: a 10x longer value takes x${ratio.toFixed(1)} the regexp steps (${short} -> ${long})`)
}

/** The steps of one request to an app whose `/` runs `handler`, with `headers` (and `target`) as given. */
function viaRequest (framework: AnyFramework, setup: (app: any) => void, request: (n: number) => { target?: string, headers: Record<string, string> }): Measure {
  return async (n) => {
    const app = framework()
    setup(app)
    const { target = '/', headers } = request(n)
    return await withServer(app, async (port) => (await regexpWork(() => sendOne(port, rawRequest('GET', target, headers)))).steps)
  }
}

describe('header parsers: regexp work on crafted headers', () => {
  // fresh 0.5.0 splits If-None-Match with / *, */: a long run of spaces without a comma is
  // tried from every position, each try scanning the rest of the run.
  const noneMatch = (n: number): string => ' '.repeat(n) + 'x'
  replay(table, {
    id: 'CVE-2017-16119',
    pkg: 'fresh <0.5.2 (express <4.15.5)',
    title: 'If-None-Match is parsed in linear work (req.fresh)',
    shownOn: 'fresh@0.5.0',
    vulnerable: (): Measure => {
      const fresh = vulnerable('fresh-0-5-0')
      return async (n) => (await regexpWork(() => fresh({ 'if-none-match': noneMatch(n) }, { etag: '"a"' }))).steps
    },
    target: (t: Target): Measure | { na: string } => {
      const framework = withHelpers(t, 'req.fresh')
      if (typeof framework !== 'function') return framework
      return viaRequest(framework, (app) => {
        app.get('/', (req: any, res: any) => { res.setHeader('ETag', '"a"'); res.end(String(req.fresh)) })
      }, (n) => ({ headers: { 'If-None-Match': noneMatch(n) } }))
    },
    fires: (measure) => superlinear(measure, 300, 'If-None-Match')
  })

  // forwarded 0.1.0 splits X-Forwarded-For with the same / *, */ (req.ip and req.ips under
  // `trust proxy`).
  replay(table, {
    id: 'CVE-2017-16118',
    pkg: 'forwarded <0.1.2 (express <4.16.0)',
    title: 'X-Forwarded-For is parsed in linear work (req.ips)',
    shownOn: 'forwarded@0.1.0',
    vulnerable: (): Measure => {
      const forwarded = vulnerable('forwarded-0-1-0')
      return async (n) => (await regexpWork(() => forwarded({ headers: { 'x-forwarded-for': noneMatch(n) }, connection: { remoteAddress: '127.0.0.1' } }))).steps
    },
    target: (t: Target): Measure | { na: string } => {
      const framework = withHelpers(t, 'req.ips')
      if (typeof framework !== 'function') return framework
      return viaRequest(framework, (app) => {
        app.set('trust proxy', true)
        app.get('/', (req: any, res: any) => { res.end(String(req.ips.length)) })
      }, (n) => ({ headers: { 'X-Forwarded-For': noneMatch(n) } }))
    },
    fires: (measure) => superlinear(measure, 300, 'X-Forwarded-For')
  })

  // negotiator 0.6.0 matches each Accept-Language entry with two lazy `\S+?` runs around `-`: a
  // tag of many `-a` parts that fails at its end is split at every `-` pair.
  const language = (n: number): string => 'a' + '-a'.repeat(n) + ' x'
  replay(table, {
    id: 'CVE-2016-10539',
    pkg: 'negotiator <0.6.1 (express <4.14.0)',
    title: 'Accept-Language is parsed in linear work (req.acceptsLanguages)',
    shownOn: 'negotiator@0.6.0',
    vulnerable: (): Measure => {
      const Negotiator = vulnerable('negotiator-0-6-0')
      return async (n) => (await regexpWork(() => new Negotiator({ headers: { 'accept-language': language(n) } }).languages(['en']))).steps
    },
    target: (t: Target): Measure | { na: string } => {
      const framework = withHelpers(t, 'req.acceptsLanguages')
      if (typeof framework !== 'function') return framework
      return viaRequest(framework, (app) => {
        app.get('/', (req: any, res: any) => { res.end(String(req.acceptsLanguages('en'))) })
      }, (n) => ({ headers: { 'Accept-Language': language(n) } }))
    },
    fires: (measure) => superlinear(measure, 100, 'Accept-Language')
  })

  // mime 1.4.0's lookup strips everything up to the last `.`, `/` or `\` with /.*[\.\/\\]/: a
  // long name with none of them is scanned to its end from every position. Express 4's
  // res.type(name) looks the name up with mime, so a type taken from the request reaches it.
  const typeName = (n: number): string => 'a'.repeat(n)
  replay(table, {
    id: 'CVE-2017-16138',
    pkg: 'mime <1.4.1, 2.x <2.0.3 (express <4.16.0)',
    title: 'res.type(name) looks a name up in linear work',
    shownOn: 'mime@1.4.0',
    vulnerable: (): Measure => {
      const mime = vulnerable('mime-1-4-0')
      return async (n) => (await regexpWork(() => mime.lookup(typeName(n)))).steps
    },
    target: (t: Target): Measure | { na: string } => {
      const framework = withHelpers(t, 'res.type')
      if (typeof framework !== 'function') return framework
      return viaRequest(framework, (app) => {
        app.get('/', (req: any, res: any) => { res.type(new URL(req.url as string, 'http://app.example').searchParams.get('t')).end() })
      }, (n) => ({ target: '/?t=' + typeName(n), headers: {} }))
    },
    fires: (measure) => superlinear(measure, 200, 'a type name')
  })
})
