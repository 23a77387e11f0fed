// Augmentation: `declare module 'express'`, `declare module 'express-serve-static-core'`, global `namespace Express`.
// Added members carry the prefix `aug` and are used by no other snippet (augmentations are program-wide).

// @snippet global-request-user
import express from 'express'
declare global {
  namespace Express {
    interface Request { augUser?: { id: string } }
  }
}
express().get('/', (req, res) => {
  const id: string | undefined = req.augUser?.id
  res.end()
})

// @snippet global-request-user-on-typed-request
import { Request } from 'express'
declare global {
  namespace Express {
    interface Request { augSession: { token: string } }
  }
}
function f(req: Request<{ id: string }, any, { x: number }>) {
  const t: string = req.augSession.token
}

// @snippet global-response-member
import { Response } from 'express'
declare global {
  namespace Express {
    interface Response { augFlash(msg: string): void }
  }
}
function f(res: Response) { res.augFlash('hi') }

// @snippet global-locals
import { Response } from 'express'
declare global {
  namespace Express {
    interface Locals { augNonce: string }
  }
}
function f(res: Response) {
  const n: string = res.locals.augNonce
}

// @snippet global-locals-on-app
import express from 'express'
declare global {
  namespace Express {
    interface Locals { augSiteName: string }
  }
}
const name: string = express().locals.augSiteName

// @snippet global-application
import express from 'express'
declare global {
  namespace Express {
    interface Application { augVersion: string }
  }
}
const v: string = express().augVersion

// @snippet module-express-request
import express from 'express'
declare module 'express' {
  interface Request { augTenant?: string }
}
function f(req: express.Request) {
  const t: string | undefined = req.augTenant
}

// @snippet module-core-request
import express from 'express'
declare module 'express-serve-static-core' {
  interface Request { augRequestId: string }
}
express().use((req, res, next) => {
  const id: string = req.augRequestId
  next()
})

// @snippet module-core-response
import express from 'express'
declare module 'express-serve-static-core' {
  interface Response { augSendOk(): this }
}
express().get('/', (req, res) => { res.augSendOk().end() })

// @snippet module-core-locals
import express from 'express'
declare module 'express-serve-static-core' {
  interface Locals { augCspNonce: string }
}
express().use((req, res, next) => {
  const n: string = res.locals.augCspNonce
  next()
})

// @snippet module-express-response
import { Response } from 'express'
declare module 'express' {
  interface Response { augTiming?: number }
}
function f(res: Response) {
  const t: number | undefined = res.augTiming
}

// @snippet augment-not-leaking-other-name
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.augNeverDeclared
}

// @snippet global-request-method
import express from 'express'
declare global {
  namespace Express {
    interface Request { augIsAdmin(): boolean }
  }
}
express().get('/', (req, res) => { if (req.augIsAdmin()) res.end() })
