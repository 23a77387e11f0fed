// fastify@5, written in its own idiom: hooks for middleware, its router, its JSON body parser.
import fs from 'node:fs'
import path from 'node:path'
import Fastify from 'fastify'
import { HELLO, JSON_PAYLOAD, MIDDLEWARE_COUNT, ROUTES, BODY_PATH, STATIC_FILES, STATIC_PREFIX } from '../scenarios'
import { combinedLine } from '../lib/combined-log'
import { HOST, type StartApp } from '../lib/bench-server'

export const start: StartApp = async (scenario, ctx) => {
  const app = Fastify({ logger: false })
  let stream: fs.WriteStream | undefined
  switch (scenario) {
    case 'hello':
      app.get('/', async () => HELLO)
      break
    case 'json':
      app.get('/json', async () => JSON_PAYLOAD)
      break
    case 'middleware':
      for (let i = 0; i < MIDDLEWARE_COUNT; i++) app.addHook('onRequest', (request, reply, done) => { done() })
      app.get('/', async () => HELLO)
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
      app.get('/', async () => HELLO)
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
