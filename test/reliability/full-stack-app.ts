// The full-stack app the reliability tests attack: routing, params, query, every body parser, static, views, logger, cookies.
import path from 'node:path'
import cookieParser from 'cookie-parser'
import createError from 'http-errors'
import framework from '../../presets/default'
import logger from '../../plugins/logger'
import type { Application, NextFunction, Request, Response } from '../../kernel'

/** The fixtures: `public/` is served, `secret.txt` sits next to it and must never be reachable. */
export const FIXTURES = path.join(__dirname, 'fixtures')
export const PUBLIC_DIR = path.join(FIXTURES, 'public')
export const SECRET_FILE = path.join(FIXTURES, 'secret.txt')
/** What `secret.txt` holds: no response body may ever contain it. */
export const SECRET_TEXT = 'outside the public folder'

/** The body limit of the app's parsers (small, so limits are cheap to exceed). */
export const BODY_LIMIT = 2048
/** The body limit of `/upload`, large enough to abort an upload half-way. */
export const UPLOAD_LIMIT = 1024 * 1024
/** The urlencoded parser's parameter limit. */
export const PARAMETER_LIMIT = 100

/** Where the app's access log goes: counted, and checked for forged lines. */
export interface LogSink {
  write (line: string): unknown
}

export interface FullStackOptions {
  /** The access log (combined format plus a few request headers); lines are discarded when absent. */
  log?: LogSink
}

/** Routes a load or fuzz run can hit, with the status each answers on a well-formed GET. */
export const GET_ROUTES: ReadonlyArray<{ readonly path: string, readonly status: number }> = [
  { path: '/', status: 200 },
  { path: '/health', status: 200 },
  { path: '/users/42', status: 200 },
  { path: '/users/42/books/7', status: 200 },
  { path: '/range/10-20', status: 200 },
  { path: '/query?a[b]=1&c=2&c=3', status: 200 },
  { path: '/files/hello.txt', status: 200 },
  { path: '/download/hello.txt', status: 200 },
  { path: '/static/hello.txt', status: 200 },
  { path: '/static/docs/', status: 200 },
  { path: '/view?title=t&message=m', status: 200 },
  { path: '/cookie?name=flavour&value=ristretto', status: 200 },
  { path: '/cookies', status: 200 },
  { path: '/redirect?to=/users/1', status: 302 },
  { path: '/host', status: 200 },
  { path: '/negotiate', status: 200 },
  { path: '/sub/acme/items/9', status: 200 },
  { path: '/missing', status: 404 },
  { path: '/boom', status: 500 }
]

function queryString (req: Request, name: string): string {
  const value = (req.query as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : ''
}

/** The error handler of `/api`: a JSON body naming the status and the error's type. */
function apiErrors (err: unknown, req: Request, res: Response, next: NextFunction): void {
  const e = err as { status?: number, statusCode?: number, type?: string, expose?: boolean, message?: string }
  const status = e.status || e.statusCode || 500
  if (res.headersSent) {
    next(err)
    return
  }
  res.status(status).json({ status, type: e.type || null, message: e.expose ? e.message : 'error' })
}

/** The four built-in parsers, each with the small limit. */
function bodyParsers () {
  return [
    framework.json({ limit: BODY_LIMIT }),
    framework.urlencoded({ extended: true, limit: BODY_LIMIT, parameterLimit: PARAMETER_LIMIT }),
    framework.text({ limit: BODY_LIMIT }),
    framework.raw({ type: 'application/octet-stream', limit: BODY_LIMIT })
  ]
}

/** `/api`: the same parsers, and errors answered as JSON (`{ status, type, message }`). */
function createApi () {
  const api = framework.Router()
  api.use(bodyParsers())
  api.post('/echo', (req, res) => { res.json({ body: req.body }) })
  api.use(apiErrors)
  return api
}

/** A mounted sub-app: its own router, a merged-params router inside it. */
function createSubApp (): Application {
  const sub = framework()
  const items = framework.Router({ mergeParams: true })
  items.get('/:item', (req, res) => { res.json(req.params) })
  sub.use('/:tenant/items', items)
  sub.get('/:tenant', (req, res) => { res.json({ tenant: req.params.tenant, baseUrl: req.baseUrl }) })
  return sub
}

/**
 * Builds the app. Every route echoes something the client chose (params, query, body,
 * headers, cookies), which is what makes bad input dangerous.
 */
export function createFullStackApp (options: FullStackOptions = {}): Application {
  const app = framework()
  app.set('env', 'test')
  app.set('views', path.join(FIXTURES, 'views'))
  app.set('view engine', 'ejs')
  app.set('trust proxy', 'loopback')

  const sink: LogSink = options.log || { write () { return true } }
  app.use(logger(':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent" ":req[x-forwarded-for]" ":req[cookie]"', { stream: sink }))
  app.use(cookieParser('reliability secret'))

  app.use('/static', framework.static(PUBLIC_DIR))
  app.use('/strict-static', framework.static(PUBLIC_DIR, { fallthrough: false, dotfiles: 'deny' }))

  // `/api` parses its own bodies, so its error handler sees the parsers' errors.
  app.use('/api', createApi())
  app.use('/upload', framework.raw({ type: '*/*', limit: UPLOAD_LIMIT }))
  app.use('/deep', framework.json({ limit: UPLOAD_LIMIT }))
  for (const parser of bodyParsers()) app.use(parser)

  app.get('/', (req, res) => { res.send('home') })
  app.get('/health', (req, res) => { res.type('text').send('ok') })

  app.param('id', (req, res, next, id) => {
    if (String(id).length > 64) next(createError(414, 'id too long'))
    else next()
  })
  app.get('/users/:id', (req, res) => { res.json({ id: req.params.id }) })
  app.get('/users/:id/books/:bookId?', (req, res) => { res.json(req.params) })
  app.get('/range/:from-:to', (req, res) => { res.json(req.params) })
  app.get('/query', (req, res) => { res.json(req.query) })

  app.get('/files/:name', (req, res) => { res.sendFile(req.params.name, { root: PUBLIC_DIR }) })
  app.get('/download/:name', (req, res) => { res.download(req.params.name, { root: PUBLIC_DIR }) })
  app.get('/legacy/*', (req, res) => { res.sendfile(req.params[0], { root: PUBLIC_DIR }) })

  app.all('/echo', (req, res) => { res.json({ body: req.body }) })
  // Echoing a deeply nested body: a 500 where JSON.stringify overflows its stack (a RangeError), as Express.
  app.post('/deep', (req, res) => { res.json({ body: req.body }) })
  app.post('/upload', (req, res) => { res.json({ received: Buffer.isBuffer(req.body) ? req.body.length : 0 }) })
  app.post('/merge', (req, res) => {
    // What careless apps do with a parsed body: copy it into a fresh object.
    const merged = Object.assign({}, req.body) as Record<string, unknown>
    res.json({ keys: Object.keys(merged), polluted: ({} as Record<string, unknown>).polluted === undefined ? null : 'yes' })
  })

  app.get('/header', (req, res) => { res.set('X-Echo', queryString(req, 'value')).send('ok') })
  app.get('/cookie', (req, res) => {
    res.cookie(queryString(req, 'name') || 'c', queryString(req, 'value'), { signed: req.query.signed === '1' }).send('ok')
  })
  app.get('/cookies', (req, res) => { res.json({ cookies: req.cookies, signed: req.signedCookies }) })
  app.get('/redirect', (req, res) => { res.redirect(queryString(req, 'to') || '/') })
  app.get('/location', (req, res) => { res.location(queryString(req, 'to') || '/').sendStatus(204) })
  app.get('/attachment', (req, res) => { res.attachment(queryString(req, 'name') || 'file.txt').send('data') })
  app.get('/view', (req, res) => {
    res.render('page', { title: queryString(req, 'title'), message: queryString(req, 'message') })
  })

  app.get('/host', (req, res) => {
    res.json({ hostname: req.hostname, protocol: req.protocol, secure: req.secure, ip: req.ip, ips: req.ips, subdomains: req.subdomains })
  })
  app.get('/negotiate', (req, res) => {
    res.format({
      json () { res.json({ type: 'json', language: req.acceptsLanguages('en', 'fr') || null }) },
      html () { res.send('<p>html</p>') },
      text () { res.send('text') }
    })
  })
  app.get('/range-info', (req, res) => { res.json({ range: req.range(1000) ?? null }) })
  app.get('/fresh', (req, res) => { res.set('ETag', '"v1"').json({ fresh: req.fresh, stale: req.stale }) })

  app.get('/boom', () => { throw new Error('boom') })
  app.get('/teapot', (req, res, next) => { next(createError(418)) })

  app.use('/sub', createSubApp())
  return app
}
