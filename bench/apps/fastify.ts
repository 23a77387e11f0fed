// fastify@5, written in its own idiom: hooks for middleware, its router, its JSON body parser.
import fs from 'node:fs'
import path from 'node:path'
import type { Server } from 'node:http'
import { HELLO, JSON_PAYLOAD, MIDDLEWARE_COUNT, ROUTES, BODY_PATH, STATIC_FILES, STATIC_PREFIX, type AppContext, type ScenarioName } from '../scenarios'
import { combinedLine } from '../lib/combined-log'
import { rememberedETag } from '../lib/express-etag'
import { HOST, type BenchServer, type StartApp } from '../lib/bench-server'
import { requirePeer } from '../lib/peers'

/* eslint-disable @typescript-eslint/no-explicit-any -- the part of fastify's API the scenarios use, typed here: fastify is a package of bench/peers, outside the project's types */
interface FastifyRequest { raw: any, params: unknown, body: unknown }
interface FastifyReply { raw: any, header (name: string, value: unknown): FastifyReply, type (value: string): FastifyReply, code (status: number): FastifyReply, send (payload?: unknown): FastifyReply }
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
type Done = (err?: Error | null, payload?: unknown) => void
interface FastifyApp {
  addHook (name: 'onRequest' | 'onResponse', hook: (request: FastifyRequest, reply: FastifyReply, done: Done) => void): void
  addHook (name: 'onSend', hook: (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: Done) => void): void
  get (path: string, handler: Handler): void
  post (path: string, handler: Handler): void
  put (path: string, handler: Handler): void
  delete (path: string, handler: Handler): void
  listen (options: { port: number, host: string }): Promise<string>
  close (): Promise<void>
  server: Server
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Starts the fastify app of a scenario. With `expressHeaders`, its responses also carry the headers
 * Express 4 sends and fastify does not: `X-Powered-By: Express`, Express's weak ETag of the body,
 * and hello's `text/html` type. They are added the way a fastify user would, in an `onSend` hook
 * (the body is serialised by then); only the names' case and the headers' order still differ. The
 * ETag is remembered per body as Ristretto's default generator remembers it, so both hash alike.
 */
export async function startFastify (scenario: ScenarioName, ctx: AppContext, expressHeaders: boolean): Promise<BenchServer> {
  const app = requirePeer<(options: { logger: boolean }) => FastifyApp>('fastify')({ logger: false })
  let stream: fs.WriteStream | undefined
  if (expressHeaders) {
    const etag = rememberedETag()
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('X-Powered-By', 'Express')
      if (typeof payload === 'string') reply.header('ETag', etag(payload))
      done(null, payload)
    })
  }
  // Express types a string body as HTML.
  const hello = expressHeaders
    ? async (request: FastifyRequest, reply: FastifyReply) => { reply.type('text/html; charset=utf-8'); return HELLO }
    : async () => HELLO
  switch (scenario) {
    case 'hello':
      app.get('/', hello)
      break
    case 'json':
      app.get('/json', async () => JSON_PAYLOAD)
      break
    case 'middleware':
      for (let i = 0; i < MIDDLEWARE_COUNT; i++) app.addHook('onRequest', (request, reply, done) => { done() })
      app.get('/', hello)
      break
    case 'routing-start':
    case 'routing-end':
      for (const route of ROUTES) app[route.method](route.path, async (request) => request.params)
      break
    case 'body':
      app.post(BODY_PATH, async (request) => request.body)
      break
    case 'logger': {
      const out = fs.createWriteStream(ctx.logFile, { flags: 'a' })
      stream = out
      app.addHook('onResponse', (request, reply, done) => {
        out.write(combinedLine(request.raw, reply.raw))
        done()
      })
      app.get('/', hello)
      break
    }
    case 'static-10k':
    case 'static-1m': {
      const files = new Map<string, string>(Object.values(STATIC_FILES).map((f) => [f.name, path.join(ctx.staticDir, f.name)]))
      app.get(`${STATIC_PREFIX}/:name`, async (request, reply) => {
        const file = files.get((request.params as { name: string }).name)
        if (!file) return reply.code(404).send()
        const stat = await fs.promises.stat(file)
        reply.header('Content-Type', 'text/plain; charset=utf-8')
        reply.header('Content-Length', stat.size)
        reply.header('Last-Modified', stat.mtime.toUTCString())
        return reply.send(fs.createReadStream(file))
      })
      break
    }
  }
  await app.listen({ port: 0, host: HOST })
  const address = app.server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    server: app.server,
    close: async () => {
      await app.close()
      if (stream) await new Promise<void>((done) => stream!.end(done))
    }
  }
}

export const start: StartApp = (scenario, ctx) => startFastify(scenario, ctx, false)
