// Declaration merging on the module's own interfaces.

// @snippet module-request-named
import { Request } from 'express'
declare module 'express' {
  interface Request { augTenant?: string }
}
function f(req: Request) {
  req.augTenant // $ExpectType string | undefined
}

// @snippet module-request-not-in-handlers
import express from 'express'
declare module 'express' {
  interface Request { augTenant?: string }
}
express().get('/', (req, res) => {
  // @ts-expect-error
  req.augTenant
})

// @snippet global-locals
import express from 'express'
declare global {
  namespace Express {
    interface Locals { augSite: string }
  }
}
express().get('/', (req, res) => {
  res.locals.augSite // $ExpectType string
})

// @snippet global-response
import express from 'express'
declare global {
  namespace Express {
    interface Response { augFlush (): void }
  }
}
express().get('/', (req, res) => { res.augFlush() })
