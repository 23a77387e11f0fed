// Ristretto's minimal preset (kernel only: routing and the final handler), with node's own response API.
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import serveStatic from 'serve-static'
import minimal = require('../../presets/minimal')
import logger = require('../../plugins/logger')
import { HELLO, JSON_PAYLOAD, MIDDLEWARE_COUNT, ROUTES, BODY_PATH, STATIC_PREFIX } from '../scenarios'
import { sendText, sendJson, readJson } from '../lib/plain'
import { HOST, type StartApp, toBenchServer } from '../lib/bench-server'

type Req = IncomingMessage & { params: Record<string, string> }
type Next = (err?: unknown) => void

function hello (req: IncomingMessage, res: ServerResponse): void {
  sendText(res, HELLO)
}

export const start: StartApp = (scenario, ctx) => {
  const app = minimal()
  let stream: fs.WriteStream | undefined
  switch (scenario) {
    case 'hello':
      app.get('/', hello)
      break
    case 'json':
      app.get('/json', (req, res) => sendJson(res, JSON_PAYLOAD))
      break
    case 'middleware':
      for (let i = 0; i < MIDDLEWARE_COUNT; i++) app.use((req: IncomingMessage, res: ServerResponse, next: Next) => { next() })
      app.get('/', hello)
      break
    case 'routing-start':
    case 'routing-end':
      for (const route of ROUTES) app[route.method](route.path, (req: Req, res: ServerResponse) => sendJson(res, req.params))
      break
    case 'body':
      app.post(BODY_PATH, (req: IncomingMessage, res: ServerResponse) => readJson(req, res, (value) => sendJson(res, value)))
      break
    case 'logger':
      stream = fs.createWriteStream(ctx.logFile, { flags: 'a' })
      app.use(logger('combined', { stream }))
      app.get('/', hello)
      break
    case 'static-10k':
    case 'static-1m':
      app.use(STATIC_PREFIX, serveStatic(ctx.staticDir))
      break
  }
  return new Promise((resolve) => {
    const server = app.listen(0, HOST, () => {
      resolve(toBenchServer(server, stream))
    })
  })
}
