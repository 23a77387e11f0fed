// Bare node:http: the ceiling every framework is measured against, written as a node user would.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { HELLO, JSON_PAYLOAD, MIDDLEWARE_COUNT, ROUTES, BODY_PATH, STATIC_FILES, STATIC_PREFIX } from '../scenarios'
import { combinedLine } from '../lib/combined-log'
import { sendText, sendJson, readJson, serveFile } from '../lib/plain'
import { HOST, type StartApp, toBenchServer } from '../lib/bench-server'

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** The route table compiled to anchored regular expressions, scanned in order. */
function compileRoutes (): Array<{ method: string, regexp: RegExp, keys: string[] }> {
  return ROUTES.map((route) => {
    const keys: string[] = []
    const source = route.path.replace(/:(\w+)/g, (_, key: string) => { keys.push(key); return '([^/]+)' })
    return { method: route.method.toUpperCase(), regexp: new RegExp(`^${source}/?$`, 'i'), keys }
  })
}

function listener (scenario: Parameters<StartApp>[0], ctx: Parameters<StartApp>[1]): { handle: Listener, stream?: fs.WriteStream } {
  switch (scenario) {
    case 'hello':
      return { handle: (req, res) => sendText(res, HELLO) }
    case 'json':
      return { handle: (req, res) => sendJson(res, JSON_PAYLOAD) }
    case 'middleware': {
      const chain: Array<(req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void> = []
      for (let i = 0; i < MIDDLEWARE_COUNT; i++) chain.push((req, res, next) => next())
      return {
        handle: (req, res) => {
          let i = 0
          const next = (): void => {
            const fn = chain[i++]
            if (fn) fn(req, res, next)
            else sendText(res, HELLO)
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
            sendJson(res, params)
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
          if (req.method === 'POST' && req.url === BODY_PATH) readJson(req, res, (value) => sendJson(res, value))
          else { res.statusCode = 404; res.end() }
        }
      }
    case 'logger': {
      const stream = fs.createWriteStream(ctx.logFile, { flags: 'a' })
      return {
        stream,
        handle: (req, res) => {
          res.on('finish', () => stream.write(combinedLine(req, res)))
          sendText(res, HELLO)
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

export const start: StartApp = (scenario, ctx) => {
  const { handle, stream } = listener(scenario, ctx)
  const server = http.createServer(handle)
  return new Promise((resolve) => {
    server.listen(0, HOST, () => {
      resolve(toBenchServer(server, stream))
    })
  })
}
