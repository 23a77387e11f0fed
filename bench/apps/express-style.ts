// The Express 4 idiom, shared line for line by express@4 and Ristretto's default preset: same code, same work.
import fs from 'node:fs'
import type { Server } from 'node:http'
import { HELLO, JSON_PAYLOAD, MIDDLEWARE_COUNT, ROUTES, BODY_PATH, STATIC_PREFIX, type AppContext, type ScenarioName } from '../scenarios'
import { HOST, type BenchServer, toBenchServer } from '../lib/bench-server'

/* eslint-disable @typescript-eslint/no-explicit-any -- the idiom is typed by whichever framework runs it */
/** A handler as both frameworks accept it; `any` because express's and Ristretto's request types differ. */
type Handler = (req: any, res: any, next: any) => void

/** The part of an Express app the scenarios use. */
export interface ExpressLikeApp {
  use (...args: any[]): unknown
  get (path: string, ...handlers: Handler[]): unknown
  post (path: string, ...handlers: Handler[]): unknown
  put (path: string, ...handlers: Handler[]): unknown
  delete (path: string, ...handlers: Handler[]): unknown
  listen (port: number, host: string, callback: () => void): Server
}

/** What the idiom needs of a framework: `express` has it, so has `require('ristretto')`. */
export interface ExpressLike {
  (): ExpressLikeApp
  json (): Handler
  static (root: string): Handler
}

/** What the idiom needs of a morgan-style logger. */
export type MorganLike = (format: 'combined', options: { stream: NodeJS.WritableStream }) => Handler
/* eslint-enable @typescript-eslint/no-explicit-any */

function hello (req: unknown, res: { send (body: string): void }): void {
  res.send(HELLO)
}

/** Builds and starts the app of a scenario, as an Express user writes it. */
export function startExpressStyle (framework: ExpressLike, logger: MorganLike, scenario: ScenarioName, ctx: AppContext): Promise<BenchServer> {
  const app = framework()
  let stream: fs.WriteStream | undefined
  switch (scenario) {
    case 'hello':
      app.get('/', hello)
      break
    case 'json':
      app.get('/json', (req, res) => { res.json(JSON_PAYLOAD) })
      break
    case 'middleware':
      for (let i = 0; i < MIDDLEWARE_COUNT; i++) app.use((req: unknown, res: unknown, next: () => void) => { next() })
      app.get('/', hello)
      break
    case 'routing-start':
    case 'routing-end':
      for (const route of ROUTES) app[route.method](route.path, (req, res) => { res.json(req.params) })
      break
    case 'body':
      app.post(BODY_PATH, framework.json(), (req, res) => { res.json(req.body) })
      break
    case 'logger':
      stream = fs.createWriteStream(ctx.logFile, { flags: 'a' })
      app.use(logger('combined', { stream }))
      app.get('/', hello)
      break
    case 'static-10k':
    case 'static-1m':
      app.use(STATIC_PREFIX, framework.static(ctx.staticDir))
      break
  }
  return new Promise((resolve) => {
    const server = app.listen(0, HOST, () => {
      resolve(toBenchServer(server, stream))
    })
  })
}
