// The app the lambda tests run through each adapter: one code, built on express@4 or on a Ristretto preset.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */
type AnyFramework = any
type AnyApp = ((req: any, res: any) => void) & Record<string, any>

/** Bytes no UTF-8 decoder keeps: a binary body shows whether it went base64. */
export const BINARY_BYTES = Buffer.from([0, 1, 2, 127, 128, 200, 254, 255])

/** An error whose stack reads the same on every framework (the development error page shows it). */
function fixedError (message: string, status?: number): Error {
  const err = new Error(message) as Error & { status?: number, fixture?: true }
  err.stack = `Error: ${message}\n    at fixture (fixture-app.ts:1:1)`
  err.fixture = true
  if (status !== undefined) err.status = status
  return err
}

/** What the echo route sends of a request body: bytes as base64, anything else as is. */
function bodyOf (body: unknown): unknown {
  return Buffer.isBuffer(body) ? { base64: body.toString('base64') } : body
}

/** A file for `res.sendFile`, the same for every app of the run. */
export function fixtureFile (): string {
  const file = path.join(os.tmpdir(), 'ristretto-lambda-fixture.txt')
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'a file, sent by res.sendFile\n')
  return file
}

/**
 * The fixture: body parsers, an echo of everything the request carries (`/echo…`), and routes
 * answering with each kind of response (binary, encoded, cookies, multi-valued headers,
 * statuses, a redirect, a streamed body, `writeHead`, errors, a file). Responses depend on the
 * request only.
 */
export function buildFixture (framework: AnyFramework, file: string): AnyApp {
  const app: AnyApp = framework()
  app.use(framework.json())
  app.use(framework.urlencoded({ extended: true }))
  app.use(framework.text())
  app.use(framework.raw({ type: 'application/octet-stream' }))

  app.all('/echo*', function echo (req: any, res: any) {
    res.json({
      method: req.method,
      url: req.url,
      originalUrl: req.originalUrl,
      path: req.path,
      params: req.params,
      query: req.query,
      headers: req.headers,
      ip: req.ip ?? null,
      ips: req.ips,
      protocol: req.protocol,
      secure: req.secure,
      hostname: req.hostname ?? null,
      xhr: req.xhr,
      body: bodyOf(req.body),
      requestContext: req.requestContext,
      event: req.apiGateway.event,
      context: req.apiGateway.context
    })
  })
  app.get('/binary/:type', function binary (req: any, res: any) {
    res.type(req.params.type).send(BINARY_BYTES)
  })
  app.get('/encoded', function encoded (req: any, res: any) {
    res.set('Content-Encoding', req.query.coding ?? 'gzip').type('json').send(BINARY_BYTES)
  })
  app.get('/cookies/:n', function cookies (req: any, res: any) {
    for (let i = 0; i < Number(req.params.n); i++) res.cookie(`c${i}`, `v ${i}`, { httpOnly: i % 2 === 0, path: '/' })
    res.send(`${req.params.n} cookies`)
  })
  app.get('/links', function links (req: any, res: any) {
    res.append('Link', '</a>; rel="next"')
    res.append('Link', '</b>; rel="prev"')
    res.set('X-Numbers', [1, 2])
    res.send('links')
  })
  app.all('/status/:code', function status (req: any, res: any) {
    res.sendStatus(Number(req.params.code))
  })
  app.get('/redirect', function redirect (req: any, res: any) {
    res.redirect('/elsewhere?from=redirect')
  })
  app.get('/write', function write (req: any, res: any) {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8')
    res.write('streamed ')
    res.write(Buffer.from('é€', 'utf8'))
    res.end(' end')
  })
  app.get('/writehead', function writeHead (req: any, res: any) {
    res.writeHead(201, { 'Content-Type': 'text/plain', 'X-Written': 'by writeHead' })
    res.end('created')
  })
  app.get('/json', function json (req: any, res: any) {
    res.status(202).json({ text: 'é€😀', n: 1 })
  })
  app.get('/html', function html (req: any, res: any) {
    res.send('<p>é</p>')
  })
  app.get('/fresh', function fresh (req: any, res: any) {
    res.set('ETag', '"fixed"').send('fresh or not')
  })
  app.get('/file', function sendFile (req: any, res: any) {
    res.sendFile(file)
  })
  app.get('/throw', function throws () {
    throw fixedError('thrown by a handler')
  })
  app.get('/throw-status', function throwsStatus () {
    throw fixedError('a teapot', 418)
  })
  app.get('/next-error', function passesError (req: any, res: any, next: (err: unknown) => void) {
    next(fixedError('passed to next'))
  })
  // The fixture's own errors reach the final handler; those of the parsers and of decoding, whose
  // stacks show each framework's files, are answered as JSON.
  app.use(function errors (err: any, req: any, res: any, next: (err: unknown) => void) {
    if (err.fixture === true) return next(err)
    res.status(err.status ?? 500).json({ message: err.message, type: err.type ?? null, status: err.status ?? null })
  })
  return app
}
