// Bare node:http: the ceiling every framework is measured against, written as a node user would.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { HELLO, JSON_PAYLOAD, MIDDLEWARE_COUNT, ROUTES, BODY_PATH, STATIC_FILES, STATIC_PREFIX, type AppContext, type ScenarioName } from '../scenarios'
import { combinedLine } from '../lib/combined-log'
import { sendText, sendJson, readJson, serveFile } from '../lib/plain'
import { HOST, type BenchServer, type StartApp, toBenchServer } from '../lib/bench-server'

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** How the app answers a text and a JSON body: node's plain way here, Express's headers in node-express-headers.ts. */
export interface Senders {
  text (res: http.ServerResponse, body: string): void
  json (res: http.ServerResponse, value: unknown): void
}

const PLAIN: Senders = { text: sendText, json: sendJson }

/** Senders typing a string as HTML and a value as JSON, as Express 4 does, each body then sent by `send`. */
export function expressTypedSenders (send: (res: http.ServerResponse, type: string, body: string) => void): Senders {
  return {
    text: (res, body) => send(res, 'text/html; charset=utf-8', body),
    json: (res, value) => send(res, 'application/json; charset=utf-8', JSON.stringify(value))
  }
}

/** The route table compiled to anchored regular expressions, scanned in order. */
function compileRoutes (): Array<{ method: string, regexp: RegExp, keys: string[] }> {
  return ROUTES.map((route) => {
    const keys: string[] = []
    const source = route.path.replace(/:(\w+)/g, (_, key: string) => { keys.push(key); return '([^/]+)' })
    return { method: route.method.toUpperCase(), regexp: new RegExp(`^${source}/?$`, 'i'), keys }
  })
}

function listener (scenario: ScenarioName, ctx: AppContext, send: Senders): { handle: Listener, stream?: fs.WriteStream } {
  switch (scenario) {
    case 'hello':
      return { handle: (req, res) => send.text(res, HELLO) }
    case 'json':
      return { handle: (req, res) => send.json(res, JSON_PAYLOAD) }
    case 'middleware': {
      const chain: Array<(req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void> = []
      for (let i = 0; i < MIDDLEWARE_COUNT; i++) chain.push((req, res, next) => next())
      return {
        handle: (req, res) => {
          let i = 0
          const next = (): void => {
            const fn = chain[i++]
            if (fn) fn(req, res, next)
            else send.text(res, HELLO)
          }
          next()
        }
      }
    }
    case 'routing-start':
    case 'routing-end': {
      const routes = compileRoutes()
      return {
        handle: (req, res) => {
          const url = req.url ?? '/'
          const q = url.indexOf('?')
          const pathname = q === -1 ? url : url.slice(0, q)
          for (const route of routes) {
            if (route.method !== req.method) continue
            const m = route.regexp.exec(pathname)
            if (!m) continue
            const params: Record<string, string> = {}
            for (let k = 0; k < route.keys.length; k++) params[route.keys[k]] = decodeURIComponent(m[k + 1])
            send.json(res, params)
            return
          }
          res.statusCode = 404
          res.end()
        }
      }
    }
    case 'body':
      return {
        handle: (req, res) => {
          if (req.method === 'POST' && req.url === BODY_PATH) readJson(req, res, (value) => send.json(res, value))
          else { res.statusCode = 404; res.end() }
        }
      }
    case 'logger': {
      const stream = fs.createWriteStream(ctx.logFile, { flags: 'a' })
      return {
        stream,
        handle: (req, res) => {
          res.on('finish', () => stream.write(combinedLine(req, res)))
          send.text(res, HELLO)
        }
      }
    }
    case 'static-10k':
    case 'static-1m': {
      const files = new Map(Object.values(STATIC_FILES).map((f) => [`${STATIC_PREFIX}/${f.name}`, path.join(ctx.staticDir, f.name)]))
      return {
        handle: (req, res) => {
          const file = files.get(req.url ?? '')
          if (file) serveFile(res, file)
          else { res.statusCode = 404; res.end() }
        }
      }
    }
  }
}

/** Starts the bare node:http app of a scenario, answering through `senders`. */
export function startNode (scenario: ScenarioName, ctx: AppContext, senders: Senders): Promise<BenchServer> {
  const { handle, stream } = listener(scenario, ctx, senders)
  const server = http.createServer(handle)
  return new Promise((resolve) => {
    server.listen(0, HOST, () => {
      resolve(toBenchServer(server, stream))
    })
  })
}

export const start: StartApp = (scenario, ctx) => startNode(scenario, ctx, PLAIN)
