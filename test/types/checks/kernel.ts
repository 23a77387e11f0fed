// The kernel from a consumer: a trimmed build, a plugin of one's own, and its member declared on Request.
import { createFramework, definePlugin, type Request, type Response, type Plugin } from 'ristretto/kernel'
import express from 'ristretto'
import { expectType } from './assert-type'

// A plugin declares what it adds by declaration merging on the kernel's types.
declare module 'ristretto/kernel' {
  interface Request {
    startedAt: number
  }
}

function timingPlugin (): Plugin {
  return definePlugin({
    name: 'timing',
    apply ({ hooks }) {
      hooks.request.tap('timing', (req) => { (req as Request).startedAt = Date.now() })
    }
  })
}

const trimmed = createFramework({ plugins: [timingPlugin(), false] })
const app = trimmed()
app.get('/', (req: Request, res: Response) => {
  expectType<number>()(req.startedAt)
  res.end()
})

// The same Request type is the default preset's: the member shows there too.
express().get('/', (req) => { expectType<number>()(req.startedAt) })

app.listen(0)

// Members declared on the main module's Request and Response reach every handler, and the names where written.
declare module 'ristretto' {
  interface Request { tenant?: string }
  interface Response { sendOk (): this }
}
express().get('/tenant', (req, res) => {
  expectType<string | undefined>()(req.tenant)
  res.sendOk().end()
})
function tenantOf (req: express.Request): string | undefined { return req.tenant }
void tenantOf

// A final-handler tap gets the app's request and response: their helpers need no cast.
export const json404 = definePlugin({
  name: 'json-404',
  apply ({ hooks }) {
    hooks.finalHandler.tap('json-404', (err, req, res, app) => {
      expectType<Request>()(req)
      expectType<Response>()(res)
      if (err !== undefined || !req.accepts('json')) return undefined
      res.status(404).json({ error: `Cannot ${req.method} ${req.originalUrl}`, env: app.get('env') })
      return true
    })
    // The request hook runs before the app initialises the request: node's own, no helpers yet.
    hooks.request.tap('json-404', (req, res) => {
      // @ts-expect-error req.accepts is not there before the app's initialisation
      void req.accepts
      // @ts-expect-error nor res.status
      void res.status
    })
  }
})
