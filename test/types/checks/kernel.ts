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
