// Bare node:http as in node.ts, its answers carrying the headers Express 4 sends, in Express's order:
// `X-Powered-By`, its `Content-Type` (a string body is HTML), `Content-Length` and its weak ETag. The
// least work any server can do to send Express's bytes: the floor under Ristretto's goals. Context
// for those goals; not an app they are judged on. bench/verify.ts holds its benchmark answers to
// express@4's, byte for byte but Date. Conditional requests get no 304: the benchmark sends none.
import { rememberedETag } from '../lib/express-etag'
import type { StartApp } from '../lib/bench-server'
import { EXPRESS_HEADER_SCENARIOS } from '../scenarios'
import { expressTypedSenders, startNode, type Senders } from './node'

/** Writes the whole head at once from a flat list, the cheapest way node offers. */
function expressSenders (): Senders {
  // Remembered as Ristretto's default generator remembers it, so both hash alike.
  const etag = rememberedETag()
  return expressTypedSenders((res, type, body) => {
    res.writeHead(200, ['X-Powered-By', 'Express', 'Content-Type', type, 'Content-Length', String(Buffer.byteLength(body)), 'ETag', etag(body)])
    res.end(body)
  })
}

export const start: StartApp = async (scenario, ctx) =>
  EXPRESS_HEADER_SCENARIOS.includes(scenario) ? startNode(scenario, ctx, expressSenders()) : undefined
