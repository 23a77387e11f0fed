// Bare node:http sending Express 4's exact bytes the way Express builds them: each header set with
// `setHeader` in Express's order (`X-Powered-By`, `Content-Type`, `Content-Length`, `ETag`), kept in
// node's header storage until node writes the head, then `end` with the body (a string: its head is
// ASCII, so the bytes are those of Express's Buffer). The floor for any design that keeps headers
// where Express keeps them (docs/architecture.md); `node-express-headers` writes the same bytes with
// one `writeHead` and is the floor for any server at all. bench/verify.ts holds its answers to express@4's.
import { rememberedETag } from '../lib/express-etag'
import type { StartApp } from '../lib/bench-server'
import { EXPRESS_HEADER_SCENARIOS } from '../scenarios'
import { expressTypedSenders, startNode, type Senders } from './node'

function setHeaderSenders (): Senders {
  const etag = rememberedETag()
  return expressTypedSenders((res, type, body) => {
    res.setHeader('X-Powered-By', 'Express')
    res.setHeader('Content-Type', type)
    res.setHeader('Content-Length', Buffer.byteLength(body))
    res.setHeader('ETag', etag(body))
    res.end(body)
  })
}

export const start: StartApp = async (scenario, ctx) =>
  EXPRESS_HEADER_SCENARIOS.includes(scenario) ? startNode(scenario, ctx, setHeaderSenders()) : undefined
